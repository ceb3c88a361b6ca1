package dev.bluegreen.operator.controller;

import dev.bluegreen.core.analysis.MetricProvider;
import dev.bluegreen.core.extension.BlueGreenExtension;
import dev.bluegreen.operator.internal.config.Option;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;

/**
 * The extensions a controller offers its resources, by {@link BlueGreenExtension#name() name}. A
 * resource picks one with {@code kubernetes.operator.bluegreen.extension}. Built once at startup:
 * from a class loader with {@link ServiceLoader} ({@link #load}; the drop-in plugin's class loader,
 * the standalone process's extension folder, a fork's class path) or from instances ({@link #of}).
 * Immutable and thread-safe.
 */
public final class Extensions {
    private static final Extensions NONE = new Extensions(Map.of());

    private final Map<String, BlueGreenExtension> byName;

    private Extensions(Map<String, BlueGreenExtension> byName) {
        this.byName = Map.copyOf(byName);
    }

    /** No extensions: a resource naming one gets an invalid-spec error. */
    public static Extensions none() {
        return NONE;
    }

    /**
     * The given extensions.
     *
     * @throws IllegalArgumentException naming an extension whose name is invalid or taken twice
     */
    public static Extensions of(Collection<? extends BlueGreenExtension> extensions) {
        var byName = new TreeMap<String, BlueGreenExtension>();
        for (BlueGreenExtension extension : extensions) {
            String name = nameOf(extension);
            BlueGreenExtension before = byName.putIfAbsent(name, extension);
            if (before != null) {
                throw new IllegalArgumentException(
                        "two extensions are named '"
                                + name
                                + "': "
                                + before.getClass().getName()
                                + " and "
                                + extension.getClass().getName());
            }
        }
        return byName.isEmpty() ? NONE : new Extensions(byName);
    }

    /** The given extensions; see {@link #of(Collection)}. */
    public static Extensions of(BlueGreenExtension... extensions) {
        return of(List.of(extensions));
    }

    /**
     * Every {@link BlueGreenExtension} that {@link ServiceLoader} finds through {@code loader}
     * ({@code META-INF/services/dev.bluegreen.core.extension.BlueGreenExtension} in its jars).
     *
     * @throws IllegalArgumentException when an extension cannot be instantiated, or its name is
     *     invalid or taken twice; the message names the class
     */
    public static Extensions load(ClassLoader loader) {
        var found = new ArrayList<BlueGreenExtension>();
        try {
            ServiceLoader.load(BlueGreenExtension.class, loader).forEach(found::add);
        } catch (ServiceConfigurationError e) {
            throw new IllegalArgumentException("cannot load an extension: " + e.getMessage(), e);
        }
        return of(found);
    }

    /**
     * The {@link BlueGreenExtension#name() name} of {@code extension}, checked: lower-case letters,
     * digits and {@code -}, starting and ending with a letter or digit, at most 63 characters (what
     * the option {@code kubernetes.operator.bluegreen.extension} accepts).
     *
     * @throws IllegalArgumentException naming the class when the name is invalid
     * @throws RuntimeException as {@code name()} threw it
     */
    public static String nameOf(BlueGreenExtension extension) {
        Objects.requireNonNull(extension, "extension == null");
        String name = extension.name();
        if (name == null || !Option.Type.NAME_SHAPE.matcher(name).matches()) {
            throw new IllegalArgumentException(
                    "extension "
                            + extension.getClass().getName()
                            + " has an invalid name '"
                            + name
                            + "': lower-case letters, digits and '-', at most 63 characters,"
                            + " starting and ending with a letter or digit");
        }
        return name;
    }

    /** The extension named {@code name}, if offered. */
    public Optional<BlueGreenExtension> find(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    /**
     * The metric providers the extensions add ({@link BlueGreenExtension#metricProviders()}, asked
     * once here, in the order of the extensions' names), by provider name.
     *
     * @throws IllegalArgumentException naming both extensions when two add a provider of one name
     * @throws RuntimeException as an extension's {@code metricProviders()} threw it
     */
    public Map<String, MetricProvider> metricProviders() {
        var providers = new TreeMap<String, MetricProvider>();
        var owners = new TreeMap<String, String>();
        new TreeMap<>(byName)
                .forEach(
                        (extension, offered) ->
                                offered.metricProviders()
                                        .forEach(
                                                (name, provider) -> {
                                                    String before =
                                                            owners.putIfAbsent(name, extension);
                                                    if (before != null) {
                                                        throw new IllegalArgumentException(
                                                                "extensions '"
                                                                        + before
                                                                        + "' and '"
                                                                        + extension
                                                                        + "' both add the metric provider '"
                                                                        + name
                                                                        + "'");
                                                    }
                                                    providers.put(name, provider);
                                                }));
        return Map.copyOf(providers);
    }

    /** The names offered, sorted. */
    public Set<String> names() {
        return new java.util.TreeSet<>(byName.keySet());
    }

    @Override
    public String toString() {
        return "Extensions" + names();
    }
}
