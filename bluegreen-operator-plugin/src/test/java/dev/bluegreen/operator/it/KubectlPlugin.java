package dev.bluegreen.operator.it;

import dev.bluegreen.operator.resource.ProjectFiles;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs the repository's {@code bin/kubectl-bluegreen} as a user does: {@code kubectl bluegreen ...}
 * with the real kubectl, which finds the plugin on {@code PATH}, and {@code KUBECONFIG} pointing at
 * the embedded API.
 */
final class KubectlPlugin {
    /** The kubectl CI installs (Debian's kubernetes-client). */
    static final String KUBECTL = "/usr/bin/kubectl";

    private final Path kubeconfig;
    private final Path dir;

    /** What one run printed, and how it exited. */
    record Result(int exit, String out, String err) {
        /** The value of the {@code Key:} line of {@code status}, without the padding. */
        String field(String key) {
            return fields().get(key);
        }

        /** The {@code Key: value} lines of {@code status}, in order. */
        Map<String, String> fields() {
            Map<String, String> fields = new LinkedHashMap<>();
            for (String line : out.split("\n")) {
                int colon = line.indexOf(": ");
                if (!line.startsWith(" ") && colon > 0) {
                    fields.putIfAbsent(line.substring(0, colon), line.substring(colon + 1).strip());
                }
            }
            return fields;
        }

        /** The lines under {@code Events}, stripped. */
        List<String> events() {
            String[] parts = out.split("Events \\(last \\d+\\):\n", 2);
            return parts.length < 2
                    ? List.of()
                    : parts[1].strip().lines().map(String::strip).toList();
        }

        @Override
        public String toString() {
            return "exit " + exit + "\nstdout:\n" + out + "\nstderr:\n" + err;
        }
    }

    KubectlPlugin(Path kubeconfig, Path dir) {
        this.kubeconfig = kubeconfig;
        this.dir = dir;
    }

    /** Runs {@code kubectl bluegreen args...} to the end. */
    Result run(String... args) {
        try {
            Path err = Files.createTempFile(dir, "stderr", ".txt");
            Process process = builder(args).redirectError(err.toFile()).start();
            String out =
                    new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(2, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new IllegalStateException("kubectl bluegreen did not end: " + List.of(args));
            }
            return new Result(process.exitValue(), out, Files.readString(err));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Starts {@code kubectl bluegreen args...} (stderr into stdout) and leaves it running. */
    Process start(String... args) {
        try {
            return builder(args).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private ProcessBuilder builder(String... args) {
        List<String> command = new ArrayList<>(List.of(KUBECTL, "bluegreen"));
        command.addAll(List.of(args));
        var builder = new ProcessBuilder(command);
        builder.environment().put("KUBECONFIG", kubeconfig.toString());
        builder.environment().put("PATH", ProjectFiles.root().resolve("bin") + ":/usr/bin:/bin");
        return builder;
    }
}
