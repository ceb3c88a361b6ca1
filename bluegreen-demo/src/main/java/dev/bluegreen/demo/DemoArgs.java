package dev.bluegreen.demo;

import dev.bluegreen.demo.scenario.GreenFailure;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The demo's command line: {@code [--mode BASIC|ADVANCED] [--kafka] [--sql] [--adopt] [--analysis]
 * [--green-fails job|task-manager|keep-bound] [--out DIR] [--usrlib DIR]}.
 *
 * @param mode {@code BASIC} (default) or {@code ADVANCED}
 * @param kafka whether the jobs read and write Kafka topics on a real broker (the Kafka example
 *     job) instead of the example job's files; true with {@code sql}
 * @param sql whether the jobs are a SQL script run by the Kafka example's {@code SqlRunner} (a
 *     window count per key through the {@code bluegreen} sink connector) on the real broker
 * @param adopt whether the demo first runs a plain FlinkDeployment and lets the parent adopt it as
 *     blue (BASIC mode and files only: an adopted job has no record-level gate)
 * @param analysis whether the upgrade runs pre- and post-promotion checks against a real Prometheus
 *     and green turns bad after the switch, so the controller rolls back by itself (files only,
 *     either mode)
 * @param greenFails whether green fails for good after the cut and how ({@code --green-fails job}:
 *     its job throws; {@code task-manager}: its TaskManager is killed; {@code keep-bound}: its job
 *     throws and blue's keep bound is small), so the controller hands the output back to blue
 *     (Kafka and ADVANCED mode only); {@link GreenFailure#NONE} without the option
 * @param out working and report directory (default {@code target/demo})
 * @param usrlib the directory holding the job jars (default {@code target/usrlib})
 */
public record DemoArgs(
        String mode,
        boolean kafka,
        boolean sql,
        boolean adopt,
        boolean analysis,
        GreenFailure greenFails,
        Path out,
        Path usrlib) {
    /** The usage line printed with an argument error. */
    public static final String USAGE =
            "usage: Demo [--mode BASIC|ADVANCED] [--kafka] [--sql] [--adopt] [--analysis]"
                    + " [--green-fails job|task-manager|keep-bound] [--out DIR] [--usrlib DIR]";

    /** The values of {@code --green-fails}. */
    private static final Map<String, GreenFailure> GREEN_FAILURES =
            Map.of(
                    "job", GreenFailure.JOB_FAILS,
                    "task-manager", GreenFailure.TASK_MANAGER_KILLED,
                    "keep-bound", GreenFailure.JOB_FAILS_PAST_KEEP_BOUND);

    private static final Set<String> FLAGS = Set.of("--kafka", "--sql", "--adopt", "--analysis");

    /**
     * Parses {@code args}.
     *
     * @throws IllegalArgumentException naming the argument that is unknown, lacks a value, has an
     *     unknown mode, is a flag given a value, or does not combine with another ({@code --adopt}
     *     with {@code --mode ADVANCED}, {@code --kafka} or {@code --sql}; {@code --analysis} with
     *     {@code --kafka}, {@code --sql} or {@code --adopt})
     */
    public static DemoArgs parse(String... args) {
        Set<String> flags = new HashSet<>();
        Map<String, String> values = new HashMap<>();
        int i = 0;
        while (i < args.length) {
            String name = args[i];
            if (FLAGS.contains(name)) {
                flags.add(flag(args, i));
                i++;
            } else {
                values.put(name, checked(name, value(args, i)));
                i += 2;
            }
        }
        var parsed = of(values, flags);
        parsed.checkAdopt();
        parsed.checkAnalysis();
        parsed.checkGreenFails();
        return parsed;
    }

    /** The arguments from the options' values and the flags given, defaults for the others. */
    private static DemoArgs of(Map<String, String> values, Set<String> flags) {
        boolean sql = flags.contains("--sql");
        return new DemoArgs(
                values.getOrDefault("--mode", "BASIC"),
                sql || flags.contains("--kafka"),
                sql,
                flags.contains("--adopt"),
                flags.contains("--analysis"),
                values.containsKey("--green-fails")
                        ? GREEN_FAILURES.get(values.get("--green-fails"))
                        : GreenFailure.NONE,
                path(values, "--out", Path.of("target", "demo")),
                path(values, "--usrlib", Path.of("target", "usrlib")));
    }

    /** The value of the option {@code name}, checked (a mode is upper-cased). */
    private static String checked(String name, String value) {
        return switch (name) {
            case "--mode" -> mode(value);
            case "--out", "--usrlib" -> value;
            case "--green-fails" -> greenFails(value);
            default -> throw new IllegalArgumentException(name + ": unknown argument");
        };
    }

    private static Path path(Map<String, String> values, String name, Path otherwise) {
        return values.containsKey(name) ? Path.of(values.get(name)) : otherwise;
    }

    /** {@code --adopt} runs BASIC mode on files: the adopted job has no gate, the demo no feed. */
    private void checkAdopt() {
        if (adopt && mode.equals("ADVANCED")) {
            throw new IllegalArgumentException(
                    "--adopt: runs in BASIC mode only (the adopted job runs without the"
                            + " record-level gate ADVANCED mode needs); drop --mode ADVANCED");
        }
        if (adopt && kafka) {
            throw new IllegalArgumentException(
                    "--adopt: runs on files only, not on Kafka; drop "
                            + (sql ? "--sql" : "--kafka"));
        }
    }

    /** {@code --analysis} runs the example job's files pipeline, whose job turns bad on a flag. */
    private void checkAnalysis() {
        if (analysis && kafka) {
            throw new IllegalArgumentException(
                    "--analysis: runs on files only (the example job turns bad on a flag), not on"
                            + " Kafka; drop "
                            + (sql ? "--sql" : "--kafka"));
        }
        if (analysis && adopt) {
            throw new IllegalArgumentException(
                    "--analysis: does not combine with --adopt (it upgrades a parent it deployed"
                            + " itself); drop one of them");
        }
    }

    /**
     * {@code --green-fails} hands the output back through the Kafka example job's keep window: the
     * Kafka pipeline in ADVANCED mode only.
     */
    private void checkGreenFails() {
        if (greenFails == GreenFailure.NONE) {
            return;
        }
        if (!kafka || sql) {
            throw new IllegalArgumentException(
                    "--green-fails: runs on the Kafka example job only; add --kafka"
                            + (sql ? " instead of --sql" : ""));
        }
        if (!mode.equals("ADVANCED")) {
            throw new IllegalArgumentException(
                    "--green-fails: runs in ADVANCED mode only (the gates hand the output back);"
                            + " add --mode ADVANCED");
        }
    }

    private static String greenFails(String value) {
        if (!GREEN_FAILURES.containsKey(value)) {
            throw new IllegalArgumentException(
                    "--green-fails: expected job, task-manager or keep-bound, got \""
                            + value
                            + "\"");
        }
        return value;
    }

    /** The flag at {@code i}; a value after it is a mistake (e.g. "--kafka true"). */
    private static String flag(String[] args, int i) {
        if (i + 1 < args.length && !args[i + 1].startsWith("--")) {
            throw new IllegalArgumentException(
                    args[i] + ": takes no value, got \"" + args[i + 1] + "\"");
        }
        return args[i];
    }

    private static String value(String[] args, int i) {
        if (!args[i].startsWith("--")) {
            throw new IllegalArgumentException(args[i] + ": unknown argument");
        }
        if (i + 1 >= args.length) {
            throw new IllegalArgumentException(args[i] + ": expected a value after it");
        }
        return args[i + 1];
    }

    private static String mode(String value) {
        String mode = value.toUpperCase(Locale.ROOT);
        if (!mode.equals("BASIC") && !mode.equals("ADVANCED")) {
            throw new IllegalArgumentException(
                    "--mode: expected BASIC or ADVANCED, got \"" + value + "\"");
        }
        return mode;
    }
}
