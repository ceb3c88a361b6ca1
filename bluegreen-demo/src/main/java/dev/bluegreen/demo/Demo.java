package dev.bluegreen.demo;

import dev.bluegreen.demo.render.ConsoleLine;
import dev.bluegreen.demo.scenario.DemoRun;
import dev.bluegreen.demo.scenario.DemoScenario;
import dev.bluegreen.demo.scenario.DemoSettings;
import dev.bluegreen.demo.scenario.GreenFailure;
import dev.bluegreen.demo.scenario.PhaseFailedException;
import dev.bluegreen.demo.scenario.PipelineKind;
import dev.bluegreen.demo.summary.Summary;
import dev.bluegreen.demo.summary.SummaryText;
import dev.bluegreen.demo.timeline.Timeline;
import dev.bluegreen.standin.prometheus.PrometheusServer;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.Logger;

/**
 * The demo's entry point: a real blue/green upgrade of a real Flink job on an embedded Kubernetes
 * API, in BASIC or ADVANCED mode ({@code --mode}), writing files or, with {@code --kafka}, Kafka
 * topics on a real broker, or, with {@code --adopt}, first adopting a running plain FlinkDeployment
 * as blue, or, with {@code --analysis}, with checks against a real Prometheus that roll a green
 * turned bad back to blue; with a live timeline on stdout, a summary, and the timeline as an HTML
 * page. Exit codes: 0 success, 1 a phase failed, 2 bad arguments, missing job jar, or (analysis) no
 * Prometheus.
 */
public final class Demo {
    /** The standalone controller jar, for running the same controller against a real cluster. */
    static final String STANDALONE_JAR =
            "bluegreen-operator-plugin/target/bluegreen-operator-plugin-0.1.0-SNAPSHOT-standalone.jar";

    private Demo() {}

    /** Runs the demo and exits with its code. */
    public static void main(String[] args) {
        quietJavaUtilLogging();
        int code = run(System.out, System.err, args);
        // Flink and the mock server leave non-daemon threads behind; the exit code is all that
        // counts
        System.exit(code);
    }

    /**
     * Runs the demo, printing to {@code out} and {@code err}.
     *
     * @return the exit code
     */
    static int run(PrintStream out, PrintStream err, String... args) {
        DemoArgs demoArgs;
        try {
            demoArgs = DemoArgs.parse(args);
        } catch (IllegalArgumentException e) {
            err.println("demo: " + e.getMessage() + "\n" + DemoArgs.USAGE);
            return 2;
        }
        return jarBuilt(demoArgs, err) && prometheusFound(demoArgs, PrometheusServer.binary(), err)
                ? runScenario(demoArgs, out, err)
                : 2;
    }

    /** Whether an analysis run finds the prometheus binary; says how to install it when not. */
    static boolean prometheusFound(DemoArgs demoArgs, Optional<Path> binary, PrintStream err) {
        if (demoArgs.analysis() && binary.isEmpty()) {
            err.println("demo: " + DemoScenario.NO_PROMETHEUS);
            return false;
        }
        return true;
    }

    /** Whether the pipeline's job jar is there; says how to build it when not. */
    private static boolean jarBuilt(DemoArgs demoArgs, PrintStream err) {
        Path jar = demoArgs.usrlib().resolve(pipeline(demoArgs).jobJar());
        if (!Files.isRegularFile(jar)) {
            err.println(
                    "demo: "
                            + jar.toAbsolutePath()
                            + " not found: build it with mvn -B -ntp -q -Pdemo verify -pl"
                            + " bluegreen-demo -am");
            return false;
        }
        return true;
    }

    private static int runScenario(DemoArgs args, PrintStream out, PrintStream err) {
        long start = System.nanoTime();
        Supplier<Duration> elapsed = () -> Duration.ofNanos(System.nanoTime() - start);
        var timeline = new Timeline(event -> out.println(ConsoleLine.of(event)));
        out.println(headline(args) + "\n");
        DemoSettings settings = settings(args);
        try {
            DemoRun run = new DemoScenario(settings, timeline, elapsed).run();
            succeeded(report(run, settings, out), out);
            return 0;
        } catch (PhaseFailedException e) {
            failed(e, args, timeline, elapsed, err);
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("DEMO FAILED: interrupted");
            return 1;
        } catch (RuntimeException e) {
            return crashed(e, err);
        }
    }

    private static int crashed(RuntimeException e, PrintStream err) {
        err.println("\nDEMO FAILED: " + e);
        e.printStackTrace(err);
        return 1;
    }

    private static void succeeded(Path html, PrintStream out) {
        out.println("Timeline picture: " + html);
        out.println(
                "The same controller against a real cluster (KUBECONFIG or ~/.kube/config;"
                        + " CRD and RBAC from docs/deploy/): java -jar "
                        + STANDALONE_JAR
                        + " --lease-namespace default");
    }

    /** Prints which phase failed and writes the timeline so far. */
    private static void failed(
            PhaseFailedException e,
            DemoArgs args,
            Timeline timeline,
            Supplier<Duration> elapsed,
            PrintStream err) {
        String message = "DEMO FAILED: " + e.getMessage();
        err.println("\n" + message);
        Path html = DemoReport.writeHtml(args.out(), timeline.events(), elapsed.get(), message);
        err.println("Timeline so far: " + html);
    }

    /** The scenario's settings for {@code args}. */
    static DemoSettings settings(DemoArgs args) {
        DemoSettings settings =
                DemoSettings.defaults(args.out(), args.usrlib())
                        .inMode(args.mode())
                        .withPipeline(pipeline(args));
        if (args.analysis()) {
            return settings.withAnalysis();
        }
        if (args.greenFails() != GreenFailure.NONE) {
            return settings.withGreenFailure(args.greenFails());
        }
        return args.adopt() ? settings.withAdoption() : settings;
    }

    /** The first line the demo prints: mode, and what the jobs read and write. */
    static String headline(DemoArgs args) {
        if (args.adopt()) {
            return "flink-bluegreen demo ("
                    + args.mode()
                    + " mode, adopt): a running plain FlinkDeployment adopted as blue without a"
                    + " restart, then blue -> green v2 on an embedded Kubernetes API with real"
                    + " Flink jobs";
        }
        if (args.analysis()) {
            return "flink-bluegreen demo ("
                    + args.mode()
                    + " mode, analysis): blue v1 -> green v2 with checks against a real"
                    + " Prometheus; green turns bad after the switch and the controller rolls"
                    + " back to blue by itself";
        }
        if (args.greenFails() != GreenFailure.NONE) {
            return "flink-bluegreen demo ("
                    + args.mode()
                    + " mode, Kafka, green fails): blue v1 -> green v2 on a real Kafka broker;"
                    + " green fails for good after the cut and the controller hands the output"
                    + " back to blue";
        }
        return "flink-bluegreen demo ("
                + args.mode()
                + " mode"
                + (args.sql() ? ", SQL" : args.kafka() ? ", Kafka" : "")
                + "): blue v1 -> green v2 on an embedded Kubernetes API with real Flink jobs"
                + (args.kafka() ? " and a real Kafka broker" : "");
    }

    /**
     * Prints the summary of {@code run} and where its output is, and writes the HTML page.
     *
     * @return the page's path
     */
    static Path report(DemoRun run, DemoSettings settings, PrintStream out) {
        String summary =
                SummaryText.render(
                        Summary.of(run.events(), run.end(), run.counts()),
                        settings.mode(),
                        settings.pipeline() != PipelineKind.FILES,
                        run.adopted());
        out.println("\n" + summary);
        out.println("Output: " + run.output());
        return DemoReport.writeHtml(settings.out(), run.events(), run.end(), summary);
    }

    private static PipelineKind pipeline(DemoArgs args) {
        if (args.sql()) {
            return PipelineKind.SQL;
        }
        return args.kafka() ? PipelineKind.KAFKA : PipelineKind.FILES;
    }

    /** The mock web server logs every request at INFO through java.util.logging. */
    private static void quietJavaUtilLogging() {
        LogManager.getLogManager().reset();
        Logger.getLogger("").setLevel(Level.SEVERE);
    }
}
