package dev.bluegreen.demo.scenario;

import dev.bluegreen.demo.timeline.Color;
import dev.bluegreen.demo.timeline.DemoStep;
import dev.bluegreen.demo.timeline.KubeEvent;
import dev.bluegreen.demo.timeline.TimelineEvent;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;
import dev.bluegreen.operator.resource.HandbackStatus;
import dev.bluegreen.standin.Faults;

import io.fabric8.kubernetes.api.model.Condition;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The upgrade whose green fails for good after the cut (ADVANCED mode on Kafka, the keep window of
 * docs/gate.md): blue is kept for the deletion delay, green v2 takes the output, 5 s after green's
 * first record shows in the output (committed) the demo creates the file that makes green fail (its
 * {@code --fail-when-file}, or the stand-in's {@code kill-task-manager-when-file}), green's job
 * ends FAILED, and the controller hands the output back to blue cold (from what green committed)
 * and switches back ({@code RollbackToBlue}); blue then writes past green's last record. Every wait
 * is bounded and names its phase. Used by one thread.
 */
final class GreenFails {
    /** The file whose appearance makes green fail, in the demo's work directory. */
    static final String FAIL_FILE = "green-fails";

    /** How long after its first committed record green fails. */
    static final Duration AFTER_FIRST_OUTPUT = Duration.ofSeconds(5);

    /** How long blue is kept after the switch: far longer than the failure and the hand-back. */
    static final String DELETION_DELAY = "90 s";

    /**
     * The keep window's lead, in checkpoints: the demo checkpoints every second, and docs/gate.md
     * asks for a lead times the interval well above the 3 s the controller needs to see every gate
     * know a release bound; at the default 3 a bound was sometimes withdrawn, and the hand-back's
     * cut was then not exact (records in a named range came out twice, 202 in one CI run).
     */
    static final String HANDBACK_LEAD = "6";

    /** The keep bound of {@link GreenFailure#JOB_FAILS_PAST_KEEP_BOUND}, records per subtask. */
    static final int KEEP_BOUND = 40;

    /** How the step showing the parent after the hand-back begins. */
    static final String HANDED_BACK = "after the hand-back: ";

    /** How the step that sees green's first committed record begins. */
    static final String GREEN_COMMITTED = "green's first record in the output";

    private static final Duration POLL = Duration.ofMillis(100);

    private final Phases phases;
    private final ParentEdits edits;
    private final DemoSettings settings;
    private final Supplier<String> gateCommand;
    private final Path failFile;
    private Duration committedAt;
    private Duration failedAt;

    /**
     * @param phases the scenario's waits and steps
     * @param edits changes of the parent
     * @param settings bounds and records per phase
     * @param gateCommand the command the controller left in the gate's ConfigMap, as text
     * @param work the demo's work directory, where the file is created
     */
    GreenFails(
            Phases phases,
            ParentEdits edits,
            DemoSettings settings,
            Supplier<String> gateCommand,
            Path work) {
        this.phases = phases;
        this.edits = edits;
        this.settings = settings;
        this.gateCommand = gateCommand;
        this.failFile = work.resolve(FAIL_FILE).toAbsolutePath();
    }

    /**
     * {@code parent} keeping blue for {@link #DELETION_DELAY} after the switch, with the keep
     * window's lead at {@link #HANDBACK_LEAD} checkpoints and, past the keep bound, with blue's
     * keep bound at {@link #KEEP_BOUND} records per subtask (set before blue starts: a child keeps
     * the configuration it was deployed with).
     */
    static FlinkBlueGreenDeployment prepared(
            FlinkBlueGreenDeployment parent, GreenFailure failure) {
        var configuration = parent.getSpec().getConfiguration();
        configuration.put(
                "kubernetes.operator.bluegreen.deployment-deletion.delay", DELETION_DELAY);
        configuration.put("kubernetes.operator.bluegreen.advanced.handback-lead", HANDBACK_LEAD);
        if (failure == GreenFailure.JOB_FAILS_PAST_KEEP_BOUND) {
            ParentSpec.withFlinkConfiguration(
                    parent, "bluegreen.gate.keep.max-records", Integer.toString(KEEP_BOUND));
        }
        return parent;
    }

    /**
     * Upgrades to v2, makes green fail 5 s after its first committed record (so that the cut splits
     * the output between both colours), and follows the hand-back until blue has written past
     * green's last record.
     *
     * @throws PhaseFailedException when a wait runs out
     */
    void upgradeAndFail() throws PhaseFailedException, InterruptedException {
        upgrade();
        awaitCommitted();
        awaitGreensFirstCommit();
        TimeUnit.MILLISECONDS.sleep(AFTER_FIRST_OUTPUT.toMillis());
        long blueBefore = phases.progress("v1").maxId();
        failGreen();
        phases.awaitEvents(
                "the output handed back to blue (RollbackToBlue, HandBackApplied)",
                settings.upgradeBound(),
                GreenFails::handedBack);
        phases.step(HANDED_BACK + describe(phases.parentNow()));
        awaitBlueServing(blueBefore);
    }

    private void upgrade() throws PhaseFailedException, InterruptedException {
        phases.step("upgrade: job --version v2 " + faultText());
        edits.edit(this::withFault);
        phases.awaitEvents(
                "traffic on green, blue kept",
                settings.upgradeBound(),
                events ->
                        TimelineQueries.state(events, "RETIRING_BLUE")
                                && TimelineQueries.trafficOn(events, Color.GREEN));
    }

    private boolean killed() {
        return settings.greenFailure() == GreenFailure.TASK_MANAGER_KILLED;
    }

    private String faultText() {
        return killed()
                ? "and annotation "
                        + Faults.KILL_TASK_MANAGER_WHEN_FILE
                        + ": "
                        + failFile
                        + " (the stand-in kills green's TaskManager when that file appears)"
                : "--fail-when-file "
                        + failFile
                        + " (green's job fails for good when that file appears)";
    }

    /** The upgrade: v2 with green's fault, the job's flag or the stand-in's annotation. */
    private FlinkBlueGreenDeployment withFault(FlinkBlueGreenDeployment parent) {
        ParentSpec.withArg(parent, "--version", "v2");
        return killed()
                ? ParentSpec.withTemplateAnnotation(
                        parent, Faults.KILL_TASK_MANAGER_WHEN_FILE, failFile.toString())
                : ParentSpec.withAddedArgs(parent, "--fail-when-file", failFile.toString());
    }

    /** The template back to blue's: v1, without green's fault (either kind). */
    static FlinkBlueGreenDeployment withoutFault(FlinkBlueGreenDeployment parent) {
        ParentSpec.withoutArg(ParentSpec.withArg(parent, "--version", "v1"), "--fail-when-file");
        return ParentSpec.withoutTemplateAnnotation(parent, Faults.KILL_TASK_MANAGER_WHEN_FILE);
    }

    /** Polls the gate's ConfigMap until it holds a committed cut to green. */
    private void awaitCommitted() throws PhaseFailedException, InterruptedException {
        phases.awaitPolled(
                "the gates committed the cut to green",
                POLL,
                () -> gateCommand.get().contains("stage=COMMITTED"));
        String command = gateCommand.get();
        committedAt = phases.elapsed();
        phases.step("the gates committed the cut to green: " + command);
    }

    /**
     * Waits until green's first record shows in the output {@code read_committed}: while the keep
     * window is open green releases only below the bound in force at its checkpoint barriers, so
     * its first output comes about {@code advanced.handback-lead} checkpoints after the commit.
     */
    private void awaitGreensFirstCommit() throws PhaseFailedException, InterruptedException {
        phases.awaitOutput("green's first committed record", "v2", p -> p.lines() > 0);
        phases.step(
                String.format(
                        Locale.ROOT,
                        "%s %.1f s after the gates committed the cut",
                        GREEN_COMMITTED,
                        seconds(committedAt)));
    }

    /** Seconds from {@code since} to now. */
    private double seconds(Duration since) {
        return (phases.elapsed().toMillis() - since.toMillis()) / 1000.0;
    }

    private void failGreen() {
        try {
            Files.createFile(failFile);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + failFile, e);
        }
        failedAt = phases.elapsed();
        phases.step(
                DemoStep.GREEN_FAILS
                        + ": created "
                        + failFile
                        + " "
                        + AFTER_FIRST_OUTPUT.toSeconds()
                        + " s after green's first committed record"
                        + (killed()
                                ? "; the stand-in kills green's TaskManager"
                                : "; green's job throws for good (--fail-when-file)"));
    }

    private static boolean handedBack(List<TimelineEvent> events) {
        return reason(events, "RollbackToBlue")
                && reason(events, "HandBackApplied")
                && TimelineQueries.state(events, "ACTIVE_BLUE");
    }

    private static boolean reason(List<TimelineEvent> events, String reason) {
        return events.stream().anyMatch(e -> e instanceof KubeEvent k && k.reason().equals(reason));
    }

    /**
     * Green wrote until it failed; blue, which wrote nothing new since the cut (up to id {@code
     * blueBefore}), writes on from what green committed: its first new record is blue serving
     * again.
     */
    private void awaitBlueServing(long blueBefore)
            throws PhaseFailedException, InterruptedException {
        phases.awaitOutput("blue writing again", "v1", p -> p.maxId() > blueBefore);
        long greenLast = phases.progress("v2").maxId();
        phases.step(
                String.format(
                        Locale.ROOT,
                        "%s %.1f s after green failed: a record past its last one before the cut"
                                + " (id %d); green's last committed id %d",
                        DemoStep.BLUE_SERVES_AGAIN,
                        seconds(failedAt),
                        blueBefore,
                        greenLast));
        phases.awaitOutput(
                "blue writing past green's last record",
                "v1",
                p -> p.maxId() >= greenLast + settings.recordsPerPhase());
    }

    /** The parent's handback status and Degraded condition, one line. */
    static String describe(FlinkBlueGreenDeployment parent) {
        if (parent == null || parent.getStatus() == null) {
            return "no status";
        }
        HandbackStatus handback = parent.getStatus().getHandback();
        String back =
                handback == null
                        ? "status.handback none"
                        : String.format(
                                Locale.ROOT,
                                "status.handback %s to %s from %d (checkpoint %d, exact %s,"
                                        + " recovered %s, lost %s)",
                                handback.getFrom(),
                                handback.getTo(),
                                handback.getFrontier(),
                                handback.getCheckpoint(),
                                handback.getExact(),
                                handback.getRecovered(),
                                handback.getLost());
        return back + "; " + degraded(parent.getStatus().getConditions());
    }

    private static String degraded(List<Condition> conditions) {
        return conditions.stream()
                .filter(c -> "Degraded".equals(c.getType()))
                .findFirst()
                .map(c -> "Degraded=" + c.getStatus() + " " + c.getReason() + ": " + c.getMessage())
                .orElse("no Degraded condition");
    }
}
