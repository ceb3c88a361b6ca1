package dev.bluegreen.demo;

import java.nio.file.Path;
import java.util.Locale;

/**
 * The demo's command line: {@code [--mode BASIC|ADVANCED] [--out DIR] [--usrlib DIR]}.
 *
 * @param mode {@code BASIC} (default) or {@code ADVANCED}
 * @param out working and report directory (default {@code target/demo})
 * @param usrlib the directory holding {@code bluegreen-example-job.jar} (default {@code
 *     target/usrlib})
 */
public record DemoArgs(String mode, Path out, Path usrlib) {
    /** The usage line printed with an argument error. */
    public static final String USAGE =
            "usage: Demo [--mode BASIC|ADVANCED] [--out DIR] [--usrlib DIR]";

    /**
     * Parses {@code args}.
     *
     * @throws IllegalArgumentException naming the argument that is unknown, lacks a value, or has
     *     an unknown mode
     */
    public static DemoArgs parse(String... args) {
        String mode = "BASIC";
        Path out = Path.of("target", "demo");
        Path usrlib = Path.of("target", "usrlib");
        for (int i = 0; i < args.length; i += 2) {
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(args[i] + ": expected a value after it");
            }
            String value = args[i + 1];
            switch (args[i]) {
                case "--mode" -> mode = mode(value);
                case "--out" -> out = Path.of(value);
                case "--usrlib" -> usrlib = Path.of(value);
                default -> throw new IllegalArgumentException(args[i] + ": unknown argument");
            }
        }
        return new DemoArgs(mode, out, usrlib);
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
