package dev.bluegreen.operator.it;

import java.util.Collection;

/**
 * JOSDK's reconcile counters of a controller running inside a plugin classloader: that loader has
 * its own copy of Micrometer, so the test reaches it by reflection (a {@code SimpleMeterRegistry}
 * added to the plugin's {@code Metrics.globalRegistry}).
 */
final class PluginMeters {
    private static final String PREFIX = "operator.sdk.reconciliations.";
    private final ClassLoader loader;
    private final Object registry;

    private PluginMeters(ClassLoader loader, Object registry) {
        this.loader = loader;
        this.registry = registry;
    }

    /** Adds a simple registry to the global registry of {@code loader}'s Micrometer. */
    static PluginMeters attach(ClassLoader loader) throws ReflectiveOperationException {
        Object registry =
                loader.loadClass("io.micrometer.core.instrument.simple.SimpleMeterRegistry")
                        .getConstructor()
                        .newInstance();
        Class<?> meterRegistry = loader.loadClass("io.micrometer.core.instrument.MeterRegistry");
        Object global =
                loader.loadClass("io.micrometer.core.instrument.Metrics")
                        .getField("globalRegistry")
                        .get(null);
        global.getClass().getMethod("add", meterRegistry).invoke(global, registry);
        return new PluginMeters(loader, registry);
    }

    /** Reconciles started so far. */
    double started() {
        return count("started");
    }

    /** Reconciles finished (success or failure) so far. */
    double finished() {
        return count("success") + count("failed");
    }

    private double count(String name) {
        try {
            Class<?> meterRegistry =
                    loader.loadClass("io.micrometer.core.instrument.MeterRegistry");
            Object search =
                    meterRegistry.getMethod("find", String.class).invoke(registry, PREFIX + name);
            Collection<?> counters =
                    (Collection<?>) search.getClass().getMethod("counters").invoke(search);
            var count =
                    loader.loadClass("io.micrometer.core.instrument.Counter").getMethod("count");
            double sum = 0;
            for (Object counter : counters) {
                sum += (double) count.invoke(counter);
            }
            return sum;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
