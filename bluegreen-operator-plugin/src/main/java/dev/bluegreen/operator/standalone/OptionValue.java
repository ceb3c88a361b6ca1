package dev.bluegreen.operator.standalone;

import dev.bluegreen.operator.controller.RestEndpoints;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * One option's value as the user gave it, with where it came from (a flag, a variable or a listener
 * key), parsed into what {@link ControllerOptions} holds. Every parser throws {@link
 * BadOptionException} naming {@link #source()}.
 */
record OptionValue(String source, String text) {
    private static final Pattern ADDRESS = Pattern.compile("[A-Za-z0-9.:-]+");
    private static final Pattern LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?");

    /** A comma-separated list of namespace names; blank means all namespaces (empty set). */
    Set<String> namespaces() {
        if (text.isBlank()) {
            return Set.of(); // explicitly all namespaces
        }
        Set<String> result = new LinkedHashSet<>();
        for (String part : text.split(",", -1)) {
            result.add(new OptionValue(source, part.trim()).label());
        }
        return result;
    }

    /** {@code true} or {@code false}, any case. */
    boolean bool() {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw bad("expected true or false");
        };
    }

    /** A namespace name (DNS label). */
    String label() {
        return matching(LABEL, 63, "a namespace name (DNS label)");
    }

    /** The trimmed text, when it matches {@code pattern} and is at most {@code maxLength} long. */
    String matching(Pattern pattern, int maxLength, String what) {
        String trimmed = text.trim();
        if (trimmed.length() > maxLength || !pattern.matcher(trimmed).matches()) {
            throw bad("expected " + what);
        }
        return trimmed;
    }

    /** A port number 0-65535. */
    int port() {
        String trimmed = text.trim();
        if (trimmed.matches("[0-9]{1,5}") && Integer.parseInt(trimmed) <= 65535) {
            return Integer.parseInt(trimmed);
        }
        throw bad("expected a port number 0-65535 (0 turns the endpoint off)");
    }

    /** A host name or IP address to bind, e.g. {@code 127.0.0.1}, {@code 0.0.0.0} or {@code ::}. */
    String address() {
        return matching(ADDRESS, 253, "a host name or IP address, e.g. 127.0.0.1 or 0.0.0.0");
    }

    /** A REST endpoint template, as {@link RestEndpoints#template} accepts it. */
    String restEndpointTemplate() {
        String template = text.trim();
        try {
            RestEndpoints.template(template);
        } catch (IllegalArgumentException e) {
            throw new BadOptionException(source, e.getMessage());
        }
        return template;
    }

    /**
     * A directory path (absolute or relative to the working directory). Whether it exists is
     * checked where it is read ({@link ExtensionFolder}), so that the drop-in can report a missing
     * folder and run without it.
     */
    Path directory() {
        if (text.isBlank()) {
            throw bad("expected a directory of extension jars");
        }
        try {
            return Path.of(text.trim());
        } catch (InvalidPathException e) {
            throw bad("not a path (" + e.getMessage() + ")");
        }
    }

    /** The identity option, else {@code HOSTNAME}, else the host name. */
    static String identity(OptionValue value, String hostnameEnv, Supplier<String> hostName) {
        if (value != null) {
            if (value.text().isBlank()) {
                throw value.bad("expected a non-blank identity");
            }
            return value.text().trim();
        }
        return hostnameEnv != null && !hostnameEnv.isBlank() ? hostnameEnv : hostName.get();
    }

    /** The namespace in the pod's service-account {@code file}, if readable and not blank. */
    static Optional<String> podNamespace(Path file) {
        try {
            if (!Files.isReadable(file)) {
                return Optional.empty();
            }
            String namespace = Files.readString(file).trim();
            return namespace.isEmpty() ? Optional.empty() : Optional.of(namespace);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The error for this value: {@code <source>: <expected>, got "<text>"}. */
    BadOptionException bad(String expected) {
        return new BadOptionException(source, expected + ", got \"" + text + "\"");
    }
}
