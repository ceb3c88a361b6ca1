package dev.bluegreen.demo;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class DemoTest {
    final ByteArrayOutputStream out = new ByteArrayOutputStream();
    final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    void badArgumentsExitWithTheUsage() {
        int code = run("--speed", "fast");

        assertThat(code).isEqualTo(2);
        assertThat(text(err)).contains("--speed: unknown argument").contains(DemoArgs.USAGE);
    }

    @Test
    void aMissingJobJarSaysHowToBuildIt(@TempDir Path empty) {
        int code = run("--usrlib", empty.toString(), "--out", empty.resolve("out").toString());

        assertThat(code).isEqualTo(2);
        assertThat(text(err)).contains("bluegreen-example-job.jar not found").contains("-Pdemo");
    }

    @Test
    void aMissingKafkaJobJarNamesThatJar(@TempDir Path empty) {
        int code =
                run(
                        "--kafka",
                        "--usrlib",
                        empty.toString(),
                        "--out",
                        empty.resolve("out").toString());

        assertThat(code).isEqualTo(2);
        assertThat(text(err)).contains("bluegreen-kafka-example.jar not found");
    }

    @Test
    void theHeadlineNamesModeAndKafka() {
        assertThat(Demo.headline(DemoArgs.parse("--kafka", "--mode", "ADVANCED")))
                .startsWith("flink-bluegreen demo (ADVANCED mode, Kafka): ")
                .endsWith("and a real Kafka broker");
        assertThat(Demo.headline(DemoArgs.parse()))
                .startsWith("flink-bluegreen demo (BASIC mode): ")
                .doesNotContain("Kafka");
    }

    @Test
    void theHeadlineOfAnAdoptionRunSaysWhatIsAdopted() {
        assertThat(Demo.headline(DemoArgs.parse("--adopt")))
                .startsWith("flink-bluegreen demo (BASIC mode, adopt): a running plain")
                .contains("adopted as blue without a restart");
    }

    @Test
    void adoptInAdvancedModeExitsNamingTheFlag() {
        int code = run("--adopt", "--mode", "ADVANCED");

        assertThat(code).isEqualTo(2);
        assertThat(text(err)).contains("--adopt: runs in BASIC mode only");
    }

    @Test
    void anAnalysisRunWithoutPrometheusSaysWhatToInstall() {
        var err = print(this.err);

        boolean missing = Demo.prometheusFound(DemoArgs.parse("--analysis"), Optional.empty(), err);
        boolean found =
                Demo.prometheusFound(
                        DemoArgs.parse("--analysis"), Optional.of(Path.of("/usr/bin/x")), err);
        boolean notNeeded = Demo.prometheusFound(DemoArgs.parse(), Optional.empty(), err);

        assertThat(missing).isFalse();
        assertThat(found).isTrue();
        assertThat(notNeeded).isTrue();
        assertThat(text(this.err))
                .isEqualTo(
                        "demo: --analysis needs a prometheus binary (/usr/bin/prometheus or on the"
                                + " PATH): install Debian package prometheus\n");
    }

    @Test
    void theHeadlineOfAnAnalysisRunSaysGreenIsRolledBack() {
        assertThat(Demo.headline(DemoArgs.parse("--analysis", "--mode", "ADVANCED")))
                .startsWith("flink-bluegreen demo (ADVANCED mode, analysis): ")
                .contains("real Prometheus")
                .endsWith("rolls back to blue by itself");
    }

    private int run(String... args) {
        return Demo.run(print(out), print(err), args);
    }

    private static PrintStream print(ByteArrayOutputStream bytes) {
        return new PrintStream(bytes, true, StandardCharsets.UTF_8);
    }

    private static String text(ByteArrayOutputStream bytes) {
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
