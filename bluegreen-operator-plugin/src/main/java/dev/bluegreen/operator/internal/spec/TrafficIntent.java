package dev.bluegreen.operator.internal.spec;

import dev.bluegreen.core.Color;

import java.util.Objects;

/**
 * What the parent's traffic objects should be once one plan is carried out. Immutable.
 *
 * @param ingressColor the colour the parent Ingress points at after the plan (the record's {@code
 *     trafficColor}), or {@code null} before anything serves: the Ingress is left as it is. Used
 *     only while {@code spec.ingress} is set.
 * @param route what the parent HTTPRoute should be ({@link ParentRoutes#intent})
 */
public record TrafficIntent(Color ingressColor, RouteIntent route) {
    /** Leaves both objects as they are, except at a traffic switch. */
    public static final TrafficIntent UNCHANGED =
            new TrafficIntent(null, new RouteIntent.Pending());

    /** Checks that {@code route} is given. */
    public TrafficIntent {
        Objects.requireNonNull(route, "route == null");
    }
}
