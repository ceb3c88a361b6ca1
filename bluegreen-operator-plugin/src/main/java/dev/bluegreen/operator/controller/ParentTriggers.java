package dev.bluegreen.operator.controller;

import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.javaoperatorsdk.operator.processing.event.Event;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.AbstractEventSource;

import java.util.Set;

/**
 * An event source that reconciles a parent on request from outside the controller, e.g. from the
 * upstream operator's listener callbacks when a child's status changes (the drop-in plugin).
 *
 * <p>Register it with {@link BlueGreenController#register(io.javaoperatorsdk.operator.Operator,
 * java.time.Clock, io.micrometer.core.instrument.MeterRegistry, java.util.Set, ParentTriggers)}.
 * Triggers that arrive before the controller runs are dropped: the full reconcile at start covers
 * them. Thread-safe; {@link #trigger} never blocks on the API server.
 */
public final class ParentTriggers
        extends AbstractEventSource<ResourceID, FlinkBlueGreenDeployment> {
    /** The event source's name. */
    public static final String NAME = "parent-triggers";

    /** An event source with no controller attached yet. */
    public ParentTriggers() {
        super(ResourceID.class, NAME);
    }

    /** Triggers hold no secondary resources: always empty. */
    @Override
    public Set<ResourceID> getSecondaryResources(FlinkBlueGreenDeployment primary) {
        return Set.of();
    }

    /**
     * Asks the controller to reconcile parent {@code namespace/name} soon.
     *
     * @return whether the request reached a running controller (false before it starts, after it
     *     stops, or while another replica leads)
     */
    public boolean trigger(String namespace, String name) {
        var handler = getEventHandler();
        if (handler == null || !isRunning()) {
            return false;
        }
        handler.handleEvent(new Event(new ResourceID(name, namespace)));
        return true;
    }
}
