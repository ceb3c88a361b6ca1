package dev.bluegreen.core.simulation;

import dev.bluegreen.core.ChangeKind;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.JobState;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static java.time.Duration.ofMinutes;
import static java.time.Duration.ofSeconds;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The scripted restarts and backlog of a fake child's job runs ({@link ChildScript}). */
class RunHealthScriptTest {
    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    private final List<String> events = new ArrayList<>();

    @Test
    void aRunReportsZeroRestartsAndNoBacklogUnlessScripted() {
        var child = new FakeChild(Color.BLUE, ChildScript.readyAfter(ofSeconds(20)));
        assertThat(child.observe().health().restarts()).isNull();

        child.write("v0", false, T0);
        child.progress(T0.plusSeconds(30), events);

        assertThat(child.observe().health().restarts()).isZero();
        assertThat(child.observe().health().lagRecords()).isNull();
    }

    @Test
    void aRunRestartsInPlaceAtItsOffsetsKeepingJobIdStartTimeAndState() {
        var script = ChildScript.readyAfter(ofSeconds(20)).restartingAt(ofMinutes(1), ofMinutes(3));
        var child = new FakeChild(Color.GREEN, script);
        child.write("v0", false, T0);
        child.progress(T0.plusSeconds(30), events);
        var before = child.observe();

        child.progress(T0.plus(ofMinutes(2)), events);
        var after = child.observe();

        assertThat(after.health().restarts()).isEqualTo(1);
        assertThat(after.jobId()).isEqualTo(before.jobId());
        assertThat(after.jobStartTime()).isEqualTo(before.jobStartTime());
        assertThat(after.jobState()).isEqualTo(JobState.RUNNING);
        assertThat(events).contains("green: run green-run-1 restarted (1 restarts)");
        // the second restart is due 3 min after the run started (2 s after the write)
        assertThat(child.nextEventAt()).isEqualTo(T0.plusSeconds(2).plus(ofMinutes(3)));
        child.progress(T0.plus(ofMinutes(4)), events);
        assertThat(child.observe().health().restarts()).isEqualTo(2);
        assertThat(child.nextEventAt()).isNull();
    }

    @Test
    void aNewRunCountsFromZeroAndASuspendedChildReportsNoRestarts() {
        var child =
                new FakeChild(
                        Color.BLUE,
                        ChildScript.readyAfter(ofSeconds(5)).restartingAt(ofSeconds(10)));
        child.write("v0", false, T0);
        child.progress(T0.plusSeconds(20), events);
        assertThat(child.observe().health().restarts()).isEqualTo(1);

        child.write("v1", false, T0.plusSeconds(20));
        child.progress(T0.plusSeconds(25), events);
        assertThat(child.observe().jobId()).isEqualTo("blue-run-2");
        assertThat(child.observe().health().restarts()).isZero();

        child.suspend(T0.plusSeconds(25));
        child.progress(T0.plus(ofMinutes(1)), events);
        assertThat(child.observe().health().restarts()).isNull();
    }

    @Test
    void aReplacedScriptRestartsTheCurrentRunOnlyAtOffsetsStillAhead() {
        var child = new FakeChild(Color.BLUE, ChildScript.readyAfter(ofSeconds(5)));
        child.write("v0", false, T0);
        child.progress(T0.plus(ofMinutes(5)), events);

        child.script(
                child.script().restartingAt(ofMinutes(1), ofMinutes(10)), T0.plus(ofMinutes(5)));
        child.progress(T0.plus(ofMinutes(20)), events);

        assertThat(child.observe().health().restarts()).isEqualTo(1);
    }

    @Test
    void aScriptedBacklogIsReportedWhileARunIsCurrent() {
        var child =
                new FakeChild(Color.BLUE, ChildScript.readyAfter(ofSeconds(5)).withBacklog(700L));
        assertThat(child.observe().health().lagRecords()).isNull();

        child.write("v0", false, T0);
        child.progress(T0.plusSeconds(10), events);

        assertThat(child.observe().health().lagRecords()).isEqualTo(700L);
    }

    @Test
    void theObservationCarriesTheRestartsOfTheIncomingRun() {
        var sim =
                TransitionSimulator.builder()
                        .green(ChildScript.readyAfter(ofSeconds(20)).restartingAt(ofSeconds(25)))
                        .build();
        sim.deploy().runUntilResting();

        var result = sim.changeSpec(ChangeKind.TRANSITION).runUntilResting();

        assertThat(result.child(Color.GREEN).health().restarts()).isEqualTo(1);
        assertThat(result.printableTrace())
                .contains("green: run green-run-1 restarted (1 restarts)");
    }

    @Test
    void behavingDropsRestartsAndInvalidValuesAreRefused() {
        var script =
                ChildScript.readyAfter(ofSeconds(5)).restartingAt(ofSeconds(1)).withBacklog(3L);

        assertThat(script.behaving().restartsAt()).isEmpty();
        assertThat(script.behaving().backlogRecords()).isEqualTo(3L);
        assertThatThrownBy(() -> script.restartingAt(Duration.ofSeconds(-1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("restartsAt");
        assertThatThrownBy(() -> script.withBacklog(-1L))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("backlogRecords");
    }
}
