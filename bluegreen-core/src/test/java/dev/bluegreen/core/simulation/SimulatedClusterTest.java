package dev.bluegreen.core.simulation;

import dev.bluegreen.core.Action;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.SnapshotState;
import dev.bluegreen.core.TransitionRecord;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static java.time.Duration.ofSeconds;
import static org.assertj.core.api.Assertions.assertThat;

class SimulatedClusterTest {
    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    private final List<String> events = new ArrayList<>();

    private SimulatedCluster runningBlue(ChildScript blueScript) {
        var cluster = new SimulatedCluster(blueScript, ChildScript.readyAfter(ofSeconds(20)), null);
        String ref = cluster.specs().deploy(false, false);
        cluster.execute(
                new Action.DeployChild(Color.BLUE, ref, Action.RestoreFrom.EMPTY, null), T0);
        cluster.progress(T0.plusSeconds(60), TransitionRecord.initial(), events);
        return cluster;
    }

    private static TransitionRecord recordWithSavepoint(String name) {
        return TransitionRecord.initial().toBuilder()
                .savepoint(new TransitionRecord.SavepointRef(name, "blue-run-1", null))
                .build();
    }

    private SnapshotState savepointStateAt(SimulatedCluster cluster, long seconds) {
        cluster.progress(T0.plusSeconds(seconds), TransitionRecord.initial(), events);
        return cluster.observe(recordWithSavepoint("sp1"), T0.plusSeconds(seconds))
                .snapshot()
                .state();
    }

    @Test
    void savepointCompletesWithAPathAndIsRequestedOnlyOnce() {
        var cluster = runningBlue(ChildScript.readyAfter(ofSeconds(5)));
        var take = new Action.TakeSavepoint(Color.BLUE, "sp1", "blue-run-1");

        boolean first = cluster.execute(take, T0.plusSeconds(60));
        boolean again = cluster.execute(take, T0.plusSeconds(61));

        assertThat(first).isTrue();
        assertThat(again).isFalse();
        assertThat(savepointStateAt(cluster, 61)).isEqualTo(SnapshotState.TRIGGER_PENDING);
        assertThat(savepointStateAt(cluster, 62)).isEqualTo(SnapshotState.IN_PROGRESS);
        assertThat(savepointStateAt(cluster, 72)).isEqualTo(SnapshotState.COMPLETED);
        assertThat(cluster.observe(recordWithSavepoint("sp1"), T0).snapshot().path())
                .isEqualTo("sp://sp1");
    }

    @Test
    void hangingSavepointStaysInProgress() {
        var cluster = runningBlue(ChildScript.readyAfter(ofSeconds(5)).savepointHangs());
        cluster.execute(
                new Action.TakeSavepoint(Color.BLUE, "sp1", "blue-run-1"), T0.plusSeconds(60));

        assertThat(savepointStateAt(cluster, 100_000)).isEqualTo(SnapshotState.IN_PROGRESS);
    }

    @Test
    void savepointOfAnotherRunFails() {
        var cluster = runningBlue(ChildScript.readyAfter(ofSeconds(5)));
        cluster.execute(
                new Action.TakeSavepoint(Color.BLUE, "sp1", "blue-run-0"), T0.plusSeconds(60));

        assertThat(savepointStateAt(cluster, 61)).isEqualTo(SnapshotState.FAILED);
    }

    @Test
    void savepointFailsWhenTheSourceRunStops() {
        var cluster = runningBlue(ChildScript.readyAfter(ofSeconds(5)).savepointHangs());
        cluster.execute(
                new Action.TakeSavepoint(Color.BLUE, "sp1", "blue-run-1"), T0.plusSeconds(60));

        cluster.child(Color.BLUE).failRun();

        assertThat(savepointStateAt(cluster, 61)).isEqualTo(SnapshotState.FAILED);
    }

    @Test
    void unknownSnapshotIsObservedAsNull() {
        var cluster = runningBlue(ChildScript.readyAfter(ofSeconds(5)));

        assertThat(cluster.observe(recordWithSavepoint("missing"), T0).snapshot()).isNull();
    }

    @Test
    void patchOfAnAbsentChildIsANoOpAndTrafficMovesOnce() {
        var cluster = runningBlue(ChildScript.readyAfter(ofSeconds(5)));

        boolean patched = cluster.execute(new Action.PatchChild(Color.GREEN, "v0"), T0);
        boolean switched = cluster.execute(new Action.SwitchTraffic(Color.BLUE), T0);
        boolean switchedAgain = cluster.execute(new Action.SwitchTraffic(Color.BLUE), T0);

        assertThat(patched).isFalse();
        assertThat(cluster.child(Color.GREEN).exists()).isFalse();
        assertThat(switched).isTrue();
        assertThat(switchedAgain).isFalse();
        assertThat(cluster.traffic()).isEqualTo(Color.BLUE);
    }

    @Test
    void commandsCarryNewTokens() {
        var cluster = runningBlue(ChildScript.readyAfter(ofSeconds(5)));

        String promote = cluster.promote();
        String abort = cluster.abort();
        cluster.paused(true);

        assertThat(cluster.commands().promote()).isEqualTo(promote);
        assertThat(cluster.commands().abort()).isEqualTo(abort).isNotEqualTo(promote);
        assertThat(cluster.commands().paused()).isTrue();
    }
}
