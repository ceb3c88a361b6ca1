package dev.bluegreen.core;

import dev.bluegreen.core.Action.DeleteChild;
import dev.bluegreen.core.Action.SuspendChild;
import dev.bluegreen.core.Action.SwitchTraffic;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Over every state-table fixture (both colours) and every change kind: the serving child is never
 * deleted or suspended unless traffic moved away from it earlier in the same plan, and traffic
 * never moves to a child that does not exist.
 */
class ServingChildSafetyTest {

    static Stream<Arguments> scenarios() {
        return StateTableFixtures.all().entrySet().stream()
                .flatMap(
                        e ->
                                Stream.of(Color.values())
                                        .flatMap(
                                                c ->
                                                        Stream.of(ChangeKind.values())
                                                                .map(
                                                                        kind ->
                                                                                Arguments.of(
                                                                                        e.getKey()
                                                                                                + " / "
                                                                                                + c
                                                                                                + " / "
                                                                                                + kind,
                                                                                        e.getValue()
                                                                                                .apply(
                                                                                                        c),
                                                                                        kind))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void servingChildIsNeverRetiredAndTrafficNeverMovesToAMissingChild(
            String name, Given given, ChangeKind kind) {
        // Given the fixture with the desired spec reclassified (a different spec when it touches
        // the child)
        var observation = given.observation();
        var desired =
                new DesiredSpec(
                        observation.desired().ref(),
                        kind,
                        observation.desired().suspended(),
                        observation.desired().stateless());
        var record = given.record();
        var reclassified =
                new Observation(
                        desired,
                        observation.blue(),
                        observation.green(),
                        observation.snapshot(),
                        observation.commands(),
                        observation.now());

        // When
        Plan plan = given.decideWith(record, reclassified);

        // Then
        Color serving = record.state().activeColor().orElse(null);
        boolean switchedAway = false;
        for (Action action : plan.actions()) {
            if (action instanceof SwitchTraffic s) {
                assertThat(reclassified.child(s.color()).exists())
                        .as("traffic moves to an existing child")
                        .isTrue();
                switchedAway = s.color() != serving;
            }
            boolean retiresServing =
                    action instanceof DeleteChild d && d.color() == serving
                            || action instanceof SuspendChild u && u.color() == serving;
            if (retiresServing) {
                assertThat(switchedAway).as("%s retires serving %s", action, serving).isTrue();
            }
        }
    }
}
