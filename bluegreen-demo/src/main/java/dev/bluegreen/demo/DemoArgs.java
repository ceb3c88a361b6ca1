package dev.bluegreen.demo;

import java.nio.file.Path;
import java.util.Locale;

/**
 * The demo's command line: {@code [--mode BASIC|ADVANCED] [--kafka] [--out DIR] [--usrlib DIR]}.
 *
 * @param mode {@code BASIC} (default) or {@code ADVANCED}
 * @param kafka whether the jobs read and write Kafka topics on a real broker (the Kafka example
 *     job) instead of the example job's files
 * @param out working and report directory (default {@code target/demo})
 * @param usrlib the directory holding the job jars (default {@code target/usrlib})
 */
public record DemoArgs(String mode, boolean kafka, Path out, Path usrlib) {
    /** The usage line printed with an argument error. */
    public static final String USAGE =
            "usage: Demo [--mode BASIC|ADVANCED] [--kafka] [--out DIR] [--usrlib DIR]";

    /**
     * Parses {@code args}.
     *
     * @throws IllegalArgumentException naming the argument that is unknown, lacks a value, has an
     *     unknown mode, or is a flag given a value
     */
    public static DemoArgs parse(String... args) {
        String mode = "BASIC";
        boolean kafka = false;
        Path out = Path.of("target", "demo");
        Path usrlib = Path.of("target", "usrlib");
        int i = 0;
        while (i < args.length) {
            String name = args[i];
            if (name.equals("--kafka")) {
                // a value after a flag is a mistake (e.g. "--kafka true"), not a positional
                // argument
                if (i + 1 < args.length && !args[i + 1].startsWith("--")) {
                    throw new IllegalArgumentException(
                            "--kafka: takes no value, got \"" + args[i + 1] + "\"");
                }
                kafka = true;
                i++;
                continue;
            }
            String value = value(args, i);
            switch (name) {
                case "--mode" -> mode = mode(value);
                case "--out" -> out = Path.of(value);
                case "--usrlib" -> usrlib = Path.of(value);
                default -> throw new IllegalArgumentException(name + ": unknown argument");
            }
            i += 2;
        }
        return new DemoArgs(mode, kafka, out, usrlib);
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
