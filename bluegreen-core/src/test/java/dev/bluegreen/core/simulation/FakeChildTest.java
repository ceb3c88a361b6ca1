package dev.bluegreen.core.simulation;

import dev.bluegreen.core.Color;
import dev.bluegreen.core.JobState;
import dev.bluegreen.core.Lifecycle;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static java.time.Duration.ofSeconds;
import static org.assertj.core.api.Assertions.assertThat;

class FakeChildTest {
    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    private final List<String> events = new ArrayList<>();

    private FakeChild child(ChildScript script) {
        return new FakeChild(Color.BLUE, script);
    }

    @Test
    void observedGenerationLagsByTheReconcileDelayThenTheRunBecomesStable() {
        var child = child(ChildScript.readyAfter(ofSeconds(20)));
        child.write("v0", false, T0);

        child.progress(T0.plusSeconds(1), events);
        assertThat(child.observe().generationObserved()).isFalse();

        child.progress(T0.plusSeconds(2), events);
        assertThat(child.observe().generationObserved()).isTrue();
        assertThat(child.observe().lifecycle()).isEqualTo(Lifecycle.DEPLOYED);
        assertThat(child.observe().stableAndRunning()).isFalse();

        child.progress(T0.plusSeconds(22), events);
        assertThat(child.observe().stableAndRunning()).isTrue();
        assertThat(child.observe().health().lastGoodSnapshotPath()).isEqualTo("chk://blue-run-1/1");
    }

    @Test
    void rewritingTheSameSpecIsANoOpAndANewSpecStartsANewRun() {
        var child = child(ChildScript.readyAfter(ofSeconds(0)));
        child.write("v0", false, T0);
        child.progress(T0.plusSeconds(10), events);

        boolean same = child.write("v0", false, T0.plusSeconds(10));
        boolean changed = child.write("v1", false, T0.plusSeconds(10));
        child.progress(T0.plusSeconds(20), events);

        assertThat(same).isFalse();
        assertThat(changed).isTrue();
        assertThat(child.observe().generation()).isEqualTo(2);
        assertThat(child.observe().jobId()).isEqualTo("blue-run-2");
    }

    @Test
    void suspendOfARunningJobKeepsItRunningUntilItsSavepointCompletes() {
        // Given a running job whose savepoints take 10 s, reconcile delay 2 s
        var child = child(ChildScript.readyAfter(ofSeconds(0)));
        child.write("v0", false, T0);
        child.progress(T0.plusSeconds(5), events);

        // When
        child.suspend(T0.plusSeconds(5));
        child.progress(T0.plusSeconds(16), events);
        var stopping = child.observe();
        child.progress(T0.plusSeconds(17), events);

        // Then it is stopped with a savepoint: still running 11 s later, suspended after 12 s
        assertThat(stopping.jobState()).isEqualTo(JobState.RUNNING);
        assertThat(stopping.generationObserved()).isFalse();
        assertThat(child.live()).isFalse();
        assertThat(child.observe().suspendedObserved()).isTrue();
        assertThat(child.observe().jobState()).isEqualTo(JobState.SUSPENDED);
        assertThat(events)
                .last()
                .isEqualTo("blue: generation 2 observed, suspended (stopped with a savepoint)");
    }

    @Test
    void suspendOfAJobThatDoesNotRunTakesOnlyTheReconcileDelay() {
        // Given a job that never becomes ready
        var child = child(ChildScript.neverReady());
        child.write("v0", false, T0);
        child.progress(T0.plusSeconds(5), events);

        // When
        child.suspend(T0.plusSeconds(5));
        child.progress(T0.plusSeconds(7), events);

        // Then
        assertThat(child.observe().suspendedObserved()).isTrue();
        assertThat(events).last().isEqualTo("blue: generation 2 observed, suspended");
    }

    @Test
    void deletionTerminatesThenRemovesTheChildAndIgnoresWrites() {
        var child = child(ChildScript.readyAfter(ofSeconds(0)).deletionTakes(ofSeconds(30)));
        child.write("v0", false, T0);

        child.delete(T0.plusSeconds(1), true);
        boolean written = child.write("v1", false, T0.plusSeconds(2));
        child.progress(T0.plusSeconds(30), events);
        var terminating = child.observe();
        child.progress(T0.plusSeconds(31), events);

        assertThat(written).isFalse();
        assertThat(terminating.terminating()).isTrue();
        assertThat(child.deletingByHand()).isFalse();
        assertThat(child.observe().exists()).isFalse();
        assertThat(events).contains("blue: gone");
    }

    @Test
    void crashLoopingRunsFailAfterTheirScriptedTime() {
        var child =
                child(ChildScript.readyAfter(ofSeconds(10)).failingEveryRunAfter(ofSeconds(30)));
        child.write("v0", false, T0);

        child.progress(T0.plusSeconds(40), events);

        assertThat(child.observe().failing()).isTrue();
        assertThat(child.observe().lifecycle()).isEqualTo(Lifecycle.FAILED);
        assertThat(child.nextEventAt()).isNull();
    }

    @Test
    void neverReadyRunsHaveNoPendingEvent() {
        var child = child(ChildScript.neverReady());
        child.write("v0", false, T0);

        child.progress(T0.plusSeconds(3600), events);

        assertThat(child.observe().jobState()).isEqualTo(JobState.RECONCILING);
        assertThat(child.nextEventAt()).isNull();
    }

    @Test
    void aStuckRunBecomesReadyOnceTheScriptBehaves() {
        var child = child(ChildScript.neverReady());
        child.write("v0", false, T0);
        child.progress(T0.plusSeconds(600), events);

        child.script(ChildScript.neverReady().behaving(), T0.plusSeconds(600));
        child.progress(T0.plusSeconds(620), events);

        assertThat(child.observe().stableAndRunning()).isTrue();
        assertThat(child.observe().jobId()).isEqualTo("blue-run-1");
    }

    @Test
    void scriptedFailureDueAfterTheSpecWasRewrittenSuspendedIsDroppedAndProgressReturns() {
        // Given: a run that is scripted to fail after 30 s, rewritten suspended with a long
        // reconcile delay so the suspension is not observed before the failure is due
        var script =
                ChildScript.readyAfter(ofSeconds(60))
                        .failingEveryRunAfter(ofSeconds(30))
                        .withReconcileDelay(ofSeconds(1));
        var child = child(script);
        child.write("v0", false, T0);
        child.progress(T0.plusSeconds(1), events);
        child.script(script.withReconcileDelay(ofSeconds(120)), T0.plusSeconds(1));
        child.write("v0", true, T0.plusSeconds(10));

        // When (before the fix this never returned: the failure stayed due for ever)
        child.progress(T0.plusSeconds(40), events);

        // Then
        assertThat(events).hasSize(2).last().asString().contains("dropped");
        assertThat(child.nextEventAt()).isEqualTo(T0.plusSeconds(61));
        assertThat(child.observe().jobState()).isEqualTo(JobState.RECONCILING);
    }
}
