package dev.bluegreen.core;

import dev.bluegreen.core.Action.DeleteChild;
import dev.bluegreen.core.Action.SuspendChild;
import dev.bluegreen.core.Action.SwitchTraffic;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static dev.bluegreen.core.BlueGreenState.ACTIVE_GREEN;
import static dev.bluegreen.core.BlueGreenState.RETIRING_BLUE;
import static dev.bluegreen.core.BlueGreenState.TRANSITIONING_TO_GREEN;
import static dev.bluegreen.core.Children.running;
import static dev.bluegreen.core.Color.BLUE;
import static dev.bluegreen.core.Color.GREEN;
import static dev.bluegreen.core.PlanAssert.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Pluggable readiness and retention policies, and their documented defaults. */
class PoliciesTest {

    private static HealthFacts lag(long records) {
        return new HealthFacts(0, null, null, records, null);
    }

    @Test
    void defaultsAreStableAndRunningFor30SecondsRollbackAndDelete() {
        var policy = TransitionPolicy.defaults();

        assertThat(policy.retention()).isEqualTo(Retention.DELETE);
        assertThat(policy.deletionDelay()).isZero();
        assertThat(policy.readinessDeadline())
                .isEqualTo(PhaseDeadline.rollbackAfter(Duration.ofMinutes(10)));
        assertThat(policy.failingSource()).isEqualTo(FailingSource.LAST_GOOD_SNAPSHOT);
        var readySince = Given.T0;
        assertThat(
                        policy.readiness()
                                .evaluate(
                                        running("s2"),
                                        running("s1"),
                                        readySince,
                                        readySince.plusSeconds(29)))
                .isInstanceOf(ReadinessVerdict.WaitUntil.class);
        assertThat(
                        policy.readiness()
                                .evaluate(
                                        running("s2"),
                                        running("s1"),
                                        readySince,
                                        readySince.plusSeconds(30)))
                .isInstanceOf(ReadinessVerdict.Ready.class);
    }

    @Test
    void completedCheckpointsPolicyWaitsForNCheckpoints() {
        var policy = ReadinessPolicies.completedCheckpoints(2);
        var one = running("s2", new HealthFacts(1, null, null, null, null));
        var two = running("s2", new HealthFacts(2, null, null, null, null));

        assertThat(policy.evaluate(one, running("s1"), Given.T0, Given.T0))
                .isInstanceOf(ReadinessVerdict.NotReady.class);
        assertThat(policy.evaluate(two, running("s1"), Given.T0, Given.T0))
                .isInstanceOf(ReadinessVerdict.Ready.class);
        assertThatThrownBy(() -> ReadinessPolicies.completedCheckpoints(-1))
                .hasMessageContaining("checkpoints");
    }

    @Test
    void lagParityPolicyComparesWithTheIncumbent() {
        var policy = ReadinessPolicies.lagParity(100);

        assertThat(
                        policy.evaluate(
                                running("s2", lag(150)),
                                running("s1", lag(100)),
                                Given.T0,
                                Given.T0))
                .isInstanceOf(ReadinessVerdict.Ready.class);
        assertThat(
                        policy.evaluate(
                                running("s2", lag(250)),
                                running("s1", lag(100)),
                                Given.T0,
                                Given.T0))
                .isInstanceOf(ReadinessVerdict.NotReady.class);
        assertThat(policy.evaluate(running("s2", lag(50)), Children.absent(), Given.T0, Given.T0))
                .isInstanceOf(ReadinessVerdict.Ready.class);
        assertThat(policy.evaluate(running("s2"), running("s1", lag(0)), Given.T0, Given.T0))
                .isInstanceOf(ReadinessVerdict.NotReady.class);
        assertThatThrownBy(() -> ReadinessPolicies.lagParity(-1))
                .hasMessageContaining("toleranceRecords");
    }

    @Test
    void lagParityNamesBothBacklogsAndTheBound() {
        var verdict =
                ReadinessPolicies.lagParity(1_000)
                        .evaluate(
                                running("s2", lag(18_400)),
                                running("s1", lag(120)),
                                Given.T0,
                                Given.T0);

        assertThat(verdict)
                .isEqualTo(
                        new ReadinessVerdict.NotReady(
                                "backlog 18,400 records, the serving child's 120, bound 1,000"));
    }

    @Test
    void unknownBacklogIsNotReadyAndSaysWhy() {
        var unreachable =
                HealthFacts.unknown().withReadiness(0, null, "GET http://green/jobs/j: refused");

        var candidateUnknown =
                ReadinessPolicies.lagParity(1_000)
                        .evaluate(
                                running("s2", unreachable),
                                running("s1", lag(0)),
                                Given.T0,
                                Given.T0);
        var incumbentUnknown =
                ReadinessPolicies.lagParity(10)
                        .evaluate(
                                running("s2", lag(11)),
                                running("s1", unreachable),
                                Given.T0,
                                Given.T0);

        assertThat(candidateUnknown)
                .isEqualTo(
                        new ReadinessVerdict.NotReady(
                                "backlog unknown (GET http://green/jobs/j: refused)"));
        assertThat(incumbentUnknown)
                .isEqualTo(
                        new ReadinessVerdict.NotReady(
                                "backlog 11 records, the serving child's unknown (GET"
                                        + " http://green/jobs/j: refused), counted as 0, bound"
                                        + " 10"));
    }

    @Test
    void checkpointCountSaysWhyItIsUnknown() {
        var unreachable = HealthFacts.unknown().withReadiness(0, null, "REST API not reachable");

        assertThat(
                        ReadinessPolicies.completedCheckpoints(2)
                                .evaluate(
                                        running("s2", unreachable),
                                        running("s1"),
                                        Given.T0,
                                        Given.T0))
                .isEqualTo(
                        new ReadinessVerdict.NotReady(
                                "0 of 2 checkpoints completed (REST API not reachable)"));
    }

    @Test
    void catchUpDeadlineAbortsWithTheLastReasonGreenWasNotReady() {
        Plan plan =
                Scenarios.transitioning(GREEN)
                        .child(GREEN, running("s2", lag(5_000)))
                        .child(BLUE, running("s1", lag(10)))
                        .record(r -> r.readySince(Given.T0))
                        .policy(p -> p.readiness(ReadinessPolicies.lagParity(100)))
                        .after(Duration.ofMinutes(11))
                        .decide();

        assertThat(plan)
                .because(Reason.DEADLINE_EXCEEDED_ROLLBACK)
                .saysThat(
                        "green did not catch up within PT10M (backlog 5,000 records, the serving"
                                + " child's 10, bound 100)");
        assertThat(plan.actions()).containsExactly(new DeleteChild(GREEN));
    }

    @Test
    void catchUpDeadlineEndsASoakLongerThanItWithTheSoakAsTheReason() {
        Plan plan =
                Scenarios.transitioning(GREEN)
                        .child(GREEN, running("s2"))
                        .record(r -> r.readySince(Given.T0))
                        .policy(
                                p ->
                                        p.readiness(
                                                ReadinessPolicies.stableAndRunningFor(
                                                        Duration.ofMinutes(20))))
                        .after(Duration.ofMinutes(11))
                        .decide();

        assertThat(plan)
                .because(Reason.DEADLINE_EXCEEDED_ROLLBACK)
                .saysThat("green did not catch up within PT10M (soaking for PT20M)");
    }

    @Test
    void allOfCombinesSoakAndCheckpoints() {
        var policy =
                ReadinessPolicies.allOf(
                        ReadinessPolicies.stableAndRunningFor(Duration.ofSeconds(10)),
                        ReadinessPolicies.completedCheckpoints(1));
        var checkpointed = running("s2", new HealthFacts(1, null, null, null, null));

        assertThat(policy.evaluate(checkpointed, running("s1"), Given.T0, Given.T0))
                .isInstanceOf(ReadinessVerdict.WaitUntil.class);
        assertThat(
                        policy.evaluate(
                                running("s2"), running("s1"), Given.T0, Given.T0.plusSeconds(20)))
                .isInstanceOf(ReadinessVerdict.NotReady.class);
        assertThat(policy.evaluate(checkpointed, running("s1"), Given.T0, Given.T0.plusSeconds(20)))
                .isInstanceOf(ReadinessVerdict.Ready.class);
    }

    @Test
    void notReadyCandidateWaitsUntilTheCatchUpDeadline() {
        Plan plan =
                Scenarios.transitioning(GREEN)
                        .child(GREEN, running("s2"))
                        .policy(p -> p.readiness(ReadinessPolicies.completedCheckpoints(1)))
                        .decide();

        assertThat(plan)
                .movesTo(TRANSITIONING_TO_GREEN)
                .because(Reason.WAITING_FOR_READINESS)
                .requeuesAfter(Duration.ofMinutes(10))
                .record(r -> assertThat(r.readySince()).isEqualTo(Given.T0));
    }

    @Test
    void suspendRetentionSuspendsTheOldChildInsteadOfDeletingIt() {
        Plan plan =
                Scenarios.retiring(BLUE)
                        .policy(p -> p.retention(Retention.SUSPEND))
                        .after(Duration.ofMinutes(2))
                        .decide();

        assertThat(plan)
                .movesTo(ACTIVE_GREEN)
                .because(Reason.TRANSITION_COMPLETED)
                .hasActions(new SuspendChild(BLUE));
    }

    @Test
    void keepRunningRetentionKeepsTheOldChildForTheRollbackWindowThenDeletesIt() {
        var keep =
                Scenarios.retiring(BLUE)
                        .policy(
                                p ->
                                        p.retention(Retention.KEEP_RUNNING)
                                                .rollbackWindow(Duration.ofMinutes(30)));

        Plan inWindow = keep.after(Duration.ofMinutes(2)).decide();
        Plan afterWindow = keep.after(Duration.ofMinutes(30)).decide();

        assertThat(inWindow)
                .movesTo(RETIRING_BLUE)
                .because(Reason.WAITING_TO_RETIRE)
                .hasNoActions()
                .requeuesAfter(Duration.ofMinutes(28));
        assertThat(afterWindow)
                .movesTo(ACTIVE_GREEN)
                .because(Reason.TRANSITION_COMPLETED)
                .hasActions(new DeleteChild(BLUE));
    }

    @Test
    void rollbackWindowAllowsSwitchingBackAndKeepsTheAbandonedChildSuspended() {
        Plan plan =
                Scenarios.retiring(BLUE)
                        .policy(
                                p ->
                                        p.retention(Retention.KEEP_RUNNING)
                                                .rollbackWindow(Duration.ofMinutes(30)))
                        .abort("a1")
                        .after(Duration.ofMinutes(10))
                        .decide();

        assertThat(plan)
                .because(Reason.ABORTED_BY_USER)
                .hasActions(new SwitchTraffic(BLUE), new SuspendChild(GREEN));
    }
}
