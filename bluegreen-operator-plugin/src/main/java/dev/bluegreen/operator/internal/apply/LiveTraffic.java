package dev.bluegreen.operator.internal.apply;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.gatewayapi.v1.HTTPRoute;

/**
 * The parent's traffic objects as the controller's informer caches hold them, so that converging
 * them sends nothing when they are as they should be. Immutable (the objects are not copied: they
 * must not be changed).
 *
 * @param ingress the parent Ingress in the chosen Ingress API, or {@code null} when the cache has
 *     none
 * @param route the parent HTTPRoute, or {@code null} when the cache has none or the Gateway API is
 *     not installed
 * @param ingressCheck what the last convergence of the parent's Ingress found (kept per parent
 *     between reconciles), or {@code null}: compare the Ingress in any case
 */
public record LiveTraffic(HasMetadata ingress, HTTPRoute route, IngressCheck ingressCheck) {
    /** Neither object. */
    public static final LiveTraffic NONE = new LiveTraffic(null, null);

    /** The cached {@code ingress} and {@code route}, with nothing found before. */
    public LiveTraffic(HasMetadata ingress, HTTPRoute route) {
        this(ingress, route, null);
    }

    /** These objects with what the last convergence of the Ingress found, {@code check}. */
    public LiveTraffic checkedBy(IngressCheck check) {
        return new LiveTraffic(ingress, route, check);
    }

    /** The resourceVersion of {@link #ingress}, or {@code null} without one. */
    public String ingressVersion() {
        return ingress == null ? null : ingress.getMetadata().getResourceVersion();
    }

    /** The resourceVersion of {@link #route}, or {@code null} without one. */
    public String routeVersion() {
        return route == null ? null : route.getMetadata().getResourceVersion();
    }
}
