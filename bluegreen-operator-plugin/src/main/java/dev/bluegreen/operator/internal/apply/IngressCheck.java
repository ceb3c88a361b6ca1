package dev.bluegreen.operator.internal.apply;

import io.fabric8.kubernetes.api.model.HasMetadata;

/**
 * What the last convergence of one parent's Ingress found: the Ingress's resourceVersion and the
 * inputs its desired Ingress was built from, once the two matched (or the Ingress was written). A
 * convergence that finds the cached Ingress still at that version, with the same inputs, needs
 * neither to build the desired Ingress nor to compare it (two JSON conversions, most of the
 * Ingress's share of a full decision). A hand edit changes the version, a spec change the inputs:
 * both are compared again. One per parent, kept between reconciles by the controller; nothing in it
 * is needed to decide (a fresh one compares once). Thread-safe (JOSDK never reconciles one parent
 * concurrently; the last found pair is replaced whole).
 */
public final class IngressCheck {
    /** A version and the inputs the desired Ingress was built from (values with equals). */
    private record Found(String version, Object inputs) {}

    private volatile Found found;

    /** Nothing found yet. */
    public IngressCheck() {}

    /** Whether {@code live} is at the version last found as built from {@code inputs}. */
    boolean asItShouldBe(HasMetadata live, Object inputs) {
        Found last = found;
        return last != null
                && live != null
                && last.version().equals(live.getMetadata().getResourceVersion())
                && last.inputs().equals(inputs);
    }

    /**
     * Records that {@code ingress} is as built from {@code inputs}; {@code null} (or an Ingress
     * without a version) forgets.
     */
    void found(HasMetadata ingress, Object inputs) {
        String version = ingress == null ? null : ingress.getMetadata().getResourceVersion();
        found = version == null ? null : new Found(version, inputs);
    }
}
