package dev.bluegreen.operator.internal.spec;

import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.ChildObservation;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.JobState;
import dev.bluegreen.core.TransitionRecord;
import dev.bluegreen.ingress.ChildNames;
import dev.bluegreen.ingress.Owner;
import dev.bluegreen.ingress.ParentHttpRoute;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentSpec;
import dev.bluegreen.operator.resource.ParentHttpRouteSpec;

import io.fabric8.kubernetes.api.model.gatewayapi.v1.HTTPRoute;

/**
 * The desired parent {@code HTTPRoute} per state: the active backend is the colour traffic points
 * at after the plan ({@code record.trafficColor}); the preview rule exists only while a blue/green
 * transition is in flight towards the other colour ({@code TRANSITIONING_TO_X}, traffic still on
 * the incumbent), {@code spec.httpRoute.preview} is set, and the incoming child's job is observed
 * running. Pure and stateless.
 */
public final class ParentRoutes {
    private ParentRoutes() {}

    /**
     * The route {@code spec} asks for after a plan that leads to {@code after}.
     *
     * @param blue what was observed of the blue child
     * @param green what was observed of the green child
     * @throws IllegalArgumentException naming the field of an invalid {@code spec.httpRoute} (the
     *     validator reports it before the controller gets here)
     */
    public static RouteIntent intent(
            FlinkBlueGreenDeploymentSpec spec,
            Owner owner,
            ChildNames names,
            TransitionRecord after,
            ChildObservation blue,
            ChildObservation green) {
        ParentHttpRouteSpec route = spec.getHttpRoute();
        if (route == null) {
            return new RouteIntent.Absent();
        }
        Color active = after.trafficColor();
        if (active == null) {
            return new RouteIntent.Pending();
        }
        Color preview = RouteSpecs.previewOn(route) ? previewColor(after, blue, green) : null;
        return new RouteIntent.Present(route(spec, owner, names, active, preview));
    }

    private static HTTPRoute route(
            FlinkBlueGreenDeploymentSpec spec,
            Owner owner,
            ChildNames names,
            Color active,
            Color preview) {
        return ParentHttpRoute.desired(
                RouteSpecs.read(spec.getHttpRoute()),
                owner,
                RestBackends.of(spec, names, active),
                preview == null ? null : RestBackends.of(spec, names, preview));
    }

    /**
     * The colour previewed in state {@code after}: the incoming colour of {@code
     * TRANSITIONING_TO_X} while traffic is on the other colour and X's job runs; else {@code null}.
     */
    public static Color previewColor(
            TransitionRecord after, ChildObservation blue, ChildObservation green) {
        BlueGreenState state = after.state();
        if (state.role() != BlueGreenState.Role.TRANSITIONING || after.trafficColor() == null) {
            return null;
        }
        Color incoming = state.namedColor();
        if (incoming == after.trafficColor()) {
            return null;
        }
        ChildObservation child = incoming == Color.BLUE ? blue : green;
        return child.present() && child.jobState() == JobState.RUNNING ? incoming : null;
    }
}
