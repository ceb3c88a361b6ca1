package dev.bluegreen.operator.internal.http;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

/**
 * The one Prometheus registry of the process: added to Micrometer's global registry (where JOSDK's
 * and the controller's meters go in the standalone process and the drop-in), with the JVM's meters
 * (memory, GC, threads, class loading, CPU, uptime). Thread-safe.
 */
public final class PrometheusMetrics {
    private static PrometheusMeterRegistry registry;

    private PrometheusMetrics() {}

    /**
     * The process's Prometheus registry, created and added to the global registry on the first call
     * (later calls, e.g. the drop-in starting its controller again, return the same one).
     */
    public static synchronized PrometheusMeterRegistry global() {
        if (registry == null) {
            registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
            bindJvmMeters(registry);
            Metrics.globalRegistry.add(registry);
        }
        return registry;
    }

    private static void bindJvmMeters(MeterRegistry target) {
        new JvmMemoryMetrics().bindTo(target);
        new JvmGcMetrics().bindTo(target);
        new JvmThreadMetrics().bindTo(target);
        new ClassLoaderMetrics().bindTo(target);
        new ProcessorMetrics().bindTo(target);
        new UptimeMetrics().bindTo(target);
    }
}
