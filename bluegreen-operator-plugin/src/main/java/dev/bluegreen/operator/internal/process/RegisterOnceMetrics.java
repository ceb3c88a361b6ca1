package dev.bluegreen.operator.internal.process;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.javaoperatorsdk.operator.api.monitoring.Metrics;
import io.javaoperatorsdk.operator.api.reconciler.RetryInfo;
import io.javaoperatorsdk.operator.monitoring.micrometer.MicrometerMetrics;
import io.javaoperatorsdk.operator.processing.Controller;
import io.javaoperatorsdk.operator.processing.event.Event;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.micrometer.core.instrument.MeterRegistry;

import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * JOSDK's Micrometer metrics for a process that builds a new JOSDK {@code Operator} on every start
 * attempt (the drop-in's and the standalone's retries, a restart after a lost Lease): one instance
 * lives as long as the process and registers each controller's gauges once. JOSDK's {@link
 * MicrometerMetrics} registers them again on every registration, which makes Micrometer warn that
 * the gauge is already registered and leaves the gauge reading the first attempt's value holder.
 * Every other call goes to the one {@code MicrometerMetrics}. Thread-safe.
 */
public final class RegisterOnceMetrics implements Metrics {
    private final Metrics delegate;
    private final Set<String> registered = ConcurrentHashMap.newKeySet();

    private RegisterOnceMetrics(Metrics delegate) {
        this.delegate = Objects.requireNonNull(delegate, "delegate == null");
    }

    /** JOSDK's meters without per-resource meters, in {@code registry}. */
    public static RegisterOnceMetrics in(MeterRegistry registry) {
        return new RegisterOnceMetrics(MicrometerMetrics.withoutPerResourceMetrics(registry));
    }

    /** Registers the controller's meters the first time a controller of its name registers. */
    @Override
    public void controllerRegistered(Controller<? extends HasMetadata> controller) {
        if (registered.add(controller.getConfiguration().getName())) {
            delegate.controllerRegistered(controller);
        }
    }

    @Override
    public void receivedEvent(Event event, Map<String, Object> metadata) {
        delegate.receivedEvent(event, metadata);
    }

    @Override
    public void reconcileCustomResource(
            HasMetadata resource, RetryInfo retryInfo, Map<String, Object> metadata) {
        delegate.reconcileCustomResource(resource, retryInfo, metadata);
    }

    @Override
    public void failedReconciliation(
            HasMetadata resource, Exception exception, Map<String, Object> metadata) {
        delegate.failedReconciliation(resource, exception, metadata);
    }

    @Override
    public void reconciliationExecutionStarted(HasMetadata resource, Map<String, Object> metadata) {
        delegate.reconciliationExecutionStarted(resource, metadata);
    }

    @Override
    public void reconciliationExecutionFinished(
            HasMetadata resource, Map<String, Object> metadata) {
        delegate.reconciliationExecutionFinished(resource, metadata);
    }

    @Override
    public void cleanupDoneFor(ResourceID resourceID, Map<String, Object> metadata) {
        delegate.cleanupDoneFor(resourceID, metadata);
    }

    @Override
    public void finishedReconciliation(HasMetadata resource, Map<String, Object> metadata) {
        delegate.finishedReconciliation(resource, metadata);
    }

    @Override
    public <T> T timeControllerExecution(ControllerExecution<T> execution) throws Exception {
        return delegate.timeControllerExecution(execution);
    }

    @Override
    public <T extends Map<?, ?>> T monitorSizeOf(T map, String name) {
        return delegate.monitorSizeOf(map, name);
    }
}
