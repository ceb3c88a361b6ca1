package dev.bluegreen.operator.controller;

import dev.bluegreen.core.Action;
import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.Plan;
import dev.bluegreen.core.Reason;
import dev.bluegreen.core.TransitionRecord;
import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.operator.internal.apply.Applied;
import dev.bluegreen.operator.internal.apply.LiveTraffic;
import dev.bluegreen.operator.internal.pipeline.decide.Decision;
import dev.bluegreen.operator.internal.validate.SpecValidator;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.gatewayapi.v1.HTTPRoute;
import io.fabric8.kubernetes.api.model.gatewayapi.v1.HTTPRouteBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import io.fabric8.kubernetes.api.model.networking.v1.IngressBuilder;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which reconciles leave a parent at rest, and which inputs wake it up: the parent, a child, the
 * schema, or a traffic object edited by hand (not one the controller wrote itself).
 */
class RestingParentsTest {
    static final TransitionRecord ACTIVE =
            new TransitionRecord.Builder()
                    .state(BlueGreenState.ACTIVE_BLUE)
                    .transitionNumber(1)
                    .trafficColor(Color.BLUE)
                    .build();
    static final SpecValidator VALIDATOR = SpecValidator.withoutSchema();

    static final Applied NOTHING = new Applied(List.of(), List.of(), Set.of(), null, null);

    final Map<String, GenericKubernetesResource> children = new HashMap<>();
    final RestingParents resting = new RestingParents(new ParentMemory());
    LiveTraffic traffic = LiveTraffic.NONE;

    static Decision decision(Plan plan, GateCommand command) {
        return new Decision(
                null, null, null, null, ACTIVE, null, plan, command, List.of(), null, null, null);
    }

    static Plan steady() {
        return new Plan(ACTIVE, List.of(), Optional.empty(), Reason.STEADY, "steady");
    }

    @Test
    void aSteadyDecisionWithoutWritesRests() {
        assertThat(RestingParents.rests(decision(steady(), null), false, false)).isTrue();
    }

    @Test
    void anyWriteRequeueActionGateOrChangeInFlightDoesNotRest() {
        var inFlight = ACTIVE.toBuilder().state(BlueGreenState.RETIRING_GREEN).build();
        var rows =
                Map.of(
                        "status written",
                        RestingParents.rests(decision(steady(), null), false, true),
                        "ADVANCED mode",
                        RestingParents.rests(decision(steady(), null), true, false),
                        "an action",
                        RestingParents.rests(
                                decision(
                                        new Plan(
                                                ACTIVE,
                                                List.of(new Action.SwitchTraffic(Color.BLUE)),
                                                Optional.empty(),
                                                Reason.PARENT_UPDATED,
                                                "re-apply"),
                                        null),
                                false,
                                false),
                        "a requeue (the plan depends on the time)",
                        RestingParents.rests(
                                decision(
                                        new Plan(
                                                ACTIVE,
                                                List.of(),
                                                Optional.of(Duration.ofSeconds(5)),
                                                Reason.STEADY,
                                                "retry later"),
                                        null),
                                false,
                                false),
                        "a change in flight",
                        RestingParents.rests(
                                decision(
                                        new Plan(
                                                inFlight,
                                                List.of(),
                                                Optional.empty(),
                                                Reason.WAITING_TO_RETIRE,
                                                "waiting"),
                                        null),
                                false,
                                false));
        assertThat(rows).allSatisfy((row, rests) -> assertThat(rests).as(row).isFalse());
    }

    @Test
    void aRestingParentIsUnchangedUntilItsParentOrAChildOrTheSchemaMoves() {
        var parent = parent("orders", "10");
        children.put("orders-blue", child("orders-blue", "7"));
        resting.decided(parent, inputs(parent, VALIDATOR), NOTHING, true);

        assertThat(unchanged(parent, VALIDATOR)).isTrue();
        // the parent (spec, annotations, status) changed
        assertThat(unchanged(parent("orders", "11"), VALIDATOR)).isFalse();
        // the CRD schema was looked up again
        assertThat(unchanged(parent, SpecValidator.withoutSchema())).isFalse();
        // green appeared
        children.put("orders-green", child("orders-green", "8"));
        assertThat(unchanged(parent, VALIDATOR)).isFalse();
        children.remove("orders-green");
        assertThat(unchanged(parent, VALIDATOR)).isTrue();
        // blue's status changed
        children.put("orders-blue", child("orders-blue", "9"));
        assertThat(unchanged(parent, VALIDATOR)).isFalse();
        // blue is gone
        children.remove("orders-blue");
        assertThat(unchanged(parent, VALIDATOR)).isFalse();
    }

    @Test
    void aHandEditOfAParentTrafficObjectWakesARestingParent() {
        var parent = parent("orders", "10");
        traffic = new LiveTraffic(ingress("20"), route("30"));
        resting.decided(parent, inputs(parent, VALIDATOR), NOTHING, true);
        var rows =
                Map.of(
                        "as decided",
                        new LiveTraffic(ingress("20"), route("30")),
                        "the Ingress edited",
                        new LiveTraffic(ingress("21"), route("30")),
                        "the Ingress deleted",
                        new LiveTraffic(null, route("30")),
                        "the route edited",
                        new LiveTraffic(ingress("20"), route("31")),
                        "the route deleted",
                        new LiveTraffic(ingress("20"), null));

        assertThat(rows)
                .allSatisfy(
                        (row, live) ->
                                assertThat(
                                                resting.unchanged(
                                                        parent, children::get, live, VALIDATOR))
                                        .as(row)
                                        .isEqualTo(row.equals("as decided")));
    }

    @Test
    void aTrafficObjectTheRestingReconcileWroteIsRecordedAtTheVersionItWrote() {
        var parent = parent("orders", "10");
        traffic = new LiveTraffic(ingress("21"), route("31")); // both edited by hand
        var undone = new Applied(List.of(), List.of(), Set.of(), route("32"), ingress("22"));

        resting.decided(parent, inputs(parent, VALIDATOR), undone, true);

        // the watch events of our own writes find the parent at rest
        traffic = new LiveTraffic(ingress("22"), route("32"));
        assertThat(unchanged(parent, VALIDATOR)).isTrue();
        // the versions edited by hand are not taken for ours
        traffic = new LiveTraffic(ingress("21"), route("32"));
        assertThat(unchanged(parent, VALIDATOR)).isFalse();
        traffic = new LiveTraffic(ingress("22"), route("31"));
        assertThat(unchanged(parent, VALIDATOR)).isFalse();
    }

    @Test
    void aParentThatDidNotRestOrWasForgottenIsDecidedAgain() {
        var parent = parent("orders", "10");
        resting.decided(parent, inputs(parent, VALIDATOR), NOTHING, false);
        assertThat(unchanged(parent, VALIDATOR)).isFalse();

        resting.decided(parent, inputs(parent, VALIDATOR), NOTHING, true);
        resting.forget(parent);
        assertThat(unchanged(parent, VALIDATOR)).isFalse();
    }

    @Test
    void aParentWhoseNameGivesNoChildNamesNeverRests() {
        var parent = parent("x".repeat(300), "10");
        assertThat(inputs(parent, VALIDATOR)).isNull();
        resting.decided(parent, null, NOTHING, true);
        assertThat(unchanged(parent, VALIDATOR)).isFalse();
    }

    private boolean unchanged(FlinkBlueGreenDeployment parent, SpecValidator v) {
        return resting.unchanged(parent, children::get, traffic, v);
    }

    private RestingParents.Inputs inputs(FlinkBlueGreenDeployment parent, SpecValidator v) {
        return RestingParents.inputs(parent, children::get, traffic, v);
    }

    private static FlinkBlueGreenDeployment parent(String name, String version) {
        var parent = new FlinkBlueGreenDeployment();
        parent.setMetadata(
                new ObjectMetaBuilder()
                        .withName(name)
                        .withNamespace("default")
                        .withUid("uid-1")
                        .withResourceVersion(version)
                        .build());
        return parent;
    }

    private static Ingress ingress(String version) {
        return new IngressBuilder()
                .withNewMetadata()
                .withName("orders")
                .withResourceVersion(version)
                .endMetadata()
                .build();
    }

    private static HTTPRoute route(String version) {
        return new HTTPRouteBuilder()
                .withNewMetadata()
                .withName("orders")
                .withResourceVersion(version)
                .endMetadata()
                .build();
    }

    private static GenericKubernetesResource child(String name, String version) {
        var child = new GenericKubernetesResource();
        child.setMetadata(
                new ObjectMetaBuilder().withName(name).withResourceVersion(version).build());
        return child;
    }
}
