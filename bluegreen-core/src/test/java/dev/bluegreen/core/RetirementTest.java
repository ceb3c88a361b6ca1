package dev.bluegreen.core;

import dev.bluegreen.core.Action.DeleteChild;
import dev.bluegreen.core.Action.SuspendChild;
import dev.bluegreen.core.Retirement.Situation;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static dev.bluegreen.core.Children.failing;
import static dev.bluegreen.core.Children.running;
import static dev.bluegreen.core.Children.suspended;
import static dev.bluegreen.core.Color.BLUE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * The retention table: every {@link Retention} × {@link Situation} (× whether the retired child's
 * job runs, which only SUSPEND_THEN_DELETE reads) → the action that retires the child.
 */
class RetirementTest {
    private static final Action DELETE = new DeleteChild(BLUE);
    private static final Action SUSPEND = new SuspendChild(BLUE);

    static Stream<Arguments> table() {
        return Stream.of(
                row(Retention.DELETE, Situation.REPLACED, running("s1"), DELETE),
                row(Retention.DELETE, Situation.ABANDONED, running("s1"), DELETE),
                row(Retention.SUSPEND, Situation.REPLACED, running("s1"), SUSPEND),
                row(Retention.SUSPEND, Situation.ABANDONED, running("s1"), SUSPEND),
                // a replaced child was kept running for the rollback window already
                row(Retention.KEEP_RUNNING, Situation.REPLACED, running("s1"), DELETE),
                // an abandoned child is kept for analysis
                row(Retention.KEEP_RUNNING, Situation.ABANDONED, running("s1"), SUSPEND),
                row(Retention.SUSPEND_THEN_DELETE, Situation.REPLACED, running("s1"), SUSPEND),
                row(Retention.SUSPEND_THEN_DELETE, Situation.ABANDONED, running("s1"), SUSPEND),
                row(Retention.SUSPEND_THEN_DELETE, Situation.REPLACED, suspended("s1"), DELETE),
                row(Retention.SUSPEND_THEN_DELETE, Situation.ABANDONED, suspended("s1"), DELETE),
                row(Retention.SUSPEND_THEN_DELETE, Situation.REPLACED, failing("s1", null), DELETE),
                row(
                        Retention.SUSPEND_THEN_DELETE,
                        Situation.ABANDONED,
                        failing("s1", null),
                        DELETE));
    }

    private static Arguments row(
            Retention retention, Situation situation, ChildObservation child, Action expected) {
        String name =
                String.format(
                        "%s, %s, %s %s -> %s",
                        retention, situation, child.lifecycle(), child.jobState(), expected);
        return arguments(name, retention, situation, child, expected);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("table")
    void retiresByRetentionAndSituation(
            String name,
            Retention retention,
            Situation situation,
            ChildObservation child,
            Action expected) {
        var given = Given.in(BlueGreenState.RETIRING_BLUE).child(BLUE, child);
        var policy = TransitionPolicy.builder().retention(retention).build();
        var step = new Step(given.record(), given.observation(), policy);

        assertThat(Retirement.action(step, BLUE, situation)).isEqualTo(expected);
    }
}
