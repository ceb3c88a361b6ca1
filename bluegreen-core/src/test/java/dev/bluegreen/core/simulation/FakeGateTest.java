package dev.bluegreen.core.simulation;

import dev.bluegreen.core.Action;
import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.GateObservation;
import dev.bluegreen.core.Plan;
import dev.bluegreen.core.Reason;
import dev.bluegreen.core.TransitionRecord;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static java.time.Duration.ofSeconds;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The scripted gate of the simulator and the ADVANCED-mode invariants built on it. */
class FakeGateTest {
    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    private final List<String> events = new ArrayList<>();

    /** Blue and green both stable and running at T0 + 60 s, with a gate of {@code script}. */
    private SimulatedCluster bothRunning(GateScript script) {
        var ready = ChildScript.readyAfter(ofSeconds(20));
        var cluster = new SimulatedCluster(ready, ready, script);
        String ref = cluster.specs().deploy(false, false);
        for (Color color : Color.values()) {
            cluster.execute(new Action.DeployChild(color, ref, Action.RestoreFrom.EMPTY, null), T0);
        }
        cluster.progress(T0.plusSeconds(60), wish(null), events);
        return cluster;
    }

    private static TransitionRecord wish(Color owner) {
        return TransitionRecord.initial().toBuilder().outputOwner(owner).build();
    }

    private GateObservation gateAt(SimulatedCluster cluster, long seconds, Color wish) {
        cluster.progress(T0.plusSeconds(seconds), wish(wish), events);
        return cluster.observe(wish(wish), T0.plusSeconds(seconds)).gate();
    }

    @Test
    void blueOwnsTheOutputUntilACutoverIsCommittedAfterTheScriptedDelay() {
        var cluster = bothRunning(new GateScript(ofSeconds(10), ofSeconds(20)));

        GateObservation asked = gateAt(cluster, 60, Color.GREEN);
        Instant commitAt = cluster.gate().nextEventAt();
        GateObservation committed = gateAt(cluster, 70, Color.GREEN);
        GateObservation drained = gateAt(cluster, 90, Color.GREEN);

        assertThat(asked.outputOwner()).isEqualTo(Color.BLUE);
        assertThat(commitAt).isEqualTo(T0.plusSeconds(70));
        assertThat(committed.outputOwner()).isEqualTo(Color.GREEN);
        assertThat(committed.drained(Color.BLUE)).isFalse();
        assertThat(drained.drained(Color.BLUE)).isTrue();
        assertThat(events)
                .containsSubsequence("gate: cutover to green committed", "gate: blue drained");
    }

    @Test
    void aWithdrawnWishIsNeverCommitted() {
        var cluster = bothRunning(GateScript.defaults());

        gateAt(cluster, 60, Color.GREEN);
        GateObservation withdrawn = gateAt(cluster, 65, Color.BLUE);
        GateObservation later = gateAt(cluster, 100, Color.BLUE);

        assertThat(withdrawn.outputOwner()).isEqualTo(Color.BLUE);
        assertThat(later.outputOwner()).isEqualTo(Color.BLUE);
        assertThat(cluster.gate().nextEventAt()).isNull();
    }

    @Test
    void aGateThatNeverCommitsCommitsOnceItBehaves() {
        var cluster = bothRunning(new GateScript(null, null));

        GateObservation never = gateAt(cluster, 600, Color.GREEN);
        cluster.gate().script(cluster.gate().script().behaving(), T0.plusSeconds(600));
        GateObservation rescheduled = gateAt(cluster, 600, Color.GREEN);
        GateObservation behaving = gateAt(cluster, 610, Color.GREEN);

        assertThat(never.outputOwner()).isEqualTo(Color.BLUE);
        assertThat(rescheduled.outputOwner()).isEqualTo(Color.BLUE);
        assertThat(behaving.outputOwner()).isEqualTo(Color.GREEN);
    }

    @Test
    void aCommitWaitsForTheWishedColourToRun() {
        var cluster = bothRunning(new GateScript(Duration.ZERO, Duration.ZERO));
        cluster.child(Color.GREEN).failRun();

        GateObservation failing = gateAt(cluster, 60, Color.GREEN);

        assertThat(failing.outputOwner()).isEqualTo(Color.BLUE);
        assertThat(cluster.gate().nextEventAt()).isNull();
    }

    @Test
    void retiringTheOutputOwnerIsAViolation() {
        var cluster = bothRunning(GateScript.defaults());
        var observation = cluster.observe(wish(null), T0.plusSeconds(60));

        var breach =
                GateInvariants.beforeAction(
                        new Action.DeleteChild(Color.BLUE),
                        plan(Reason.LEFTOVER_DELETED),
                        BlueGreenState.ACTIVE_GREEN,
                        observation,
                        cluster);

        assertThat(breach.invariant()).isEqualTo(Invariant.OUTPUT_OWNER_KEPT);
    }

    @Test
    void retiringAnUndrainedFormerOwnerIsAViolationUnlessTheDeadlineOrTheUserSaidSo() {
        var cluster = bothRunning(new GateScript(Duration.ZERO, null));
        gateAt(cluster, 60, Color.GREEN);
        var observation = cluster.observe(wish(Color.GREEN), T0.plusSeconds(60));
        var delete = new Action.DeleteChild(Color.BLUE);
        var from = BlueGreenState.RETIRING_BLUE;

        var completed =
                GateInvariants.beforeAction(
                        delete, plan(Reason.TRANSITION_COMPLETED), from, observation, cluster);
        var deadline =
                GateInvariants.beforeAction(
                        delete,
                        plan(Reason.DEADLINE_EXCEEDED_ROLLBACK),
                        from,
                        observation,
                        cluster);

        assertThat(completed.invariant()).isEqualTo(Invariant.DRAINED_BEFORE_RETIRED);
        assertThat(deadline).isNull();
    }

    @Test
    void aFormerOwnerWhoseChildIsGoneOwesNoDrain() {
        var cluster = bothRunning(new GateScript(Duration.ZERO, null));
        gateAt(cluster, 60, Color.GREEN);
        cluster.execute(new Action.DeleteChild(Color.BLUE), T0.plusSeconds(60));

        GateObservation gone = gateAt(cluster, 70, Color.GREEN);

        assertThat(gone.drained(Color.BLUE)).isTrue();
        assertThat(cluster.gate().owesDrain(Color.BLUE)).isFalse();
    }

    @Test
    void gateScriptRejectsNegativeDelays() {
        assertThatThrownBy(() -> new GateScript(ofSeconds(-1), null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("commitDelay");
    }

    private static Plan plan(Reason reason) {
        return new Plan(TransitionRecord.initial(), List.of(), Optional.empty(), reason, "");
    }
}
