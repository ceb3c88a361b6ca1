package dev.bluegreen.operator.internal.spec;

import io.fabric8.kubernetes.api.model.gatewayapi.v1.HTTPRoute;

import java.util.Objects;

/**
 * What the parent {@code HTTPRoute} should be after one plan (see {@link ParentRoutes#intent}).
 * Immutable.
 */
public sealed interface RouteIntent {

    /** {@code spec.httpRoute} is not set: a route is deleted at the next traffic switch. */
    record Absent() implements RouteIntent {}

    /** A route is wanted but nothing serves yet (a first deployment): leave it as it is. */
    record Pending() implements RouteIntent {}

    /**
     * The route as it should be.
     *
     * @param route the desired route (never {@code null})
     */
    record Present(HTTPRoute route) implements RouteIntent {
        public Present {
            Objects.requireNonNull(route, "route == null");
        }
    }
}
