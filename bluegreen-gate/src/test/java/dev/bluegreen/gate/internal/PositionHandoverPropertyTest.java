package dev.bluegreen.gate.internal;

import dev.bluegreen.gate.rule.Color;
import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.gate.rule.GateReport;
import dev.bluegreen.gate.rule.PartitionOffsets;
import dev.bluegreen.gate.rule.PositionCut;
import dev.bluegreen.gate.rule.Stage;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Property: a hand-over by source position emits every record of the topic exactly once, by one
 * colour. For every generated schedule the records committed by blue's and green's exactly-once
 * sinks together are the topic's records, none twice and none missing.
 *
 * <p>Each schedule ({@link PositionJobModel}): 1 to 6 partitions, some idle (no record ever, or
 * none after the start), records appended at random, partitions added to the topic at random (also
 * after a proposal), 1 to 4 source subtasks per colour, random interleavings of reads, command
 * reads (lagging: each subtask reads the channel when it likes), reports (stale), completed
 * checkpoints, restarts of either job from its newest checkpoint at a new parallelism with a new
 * assignment of partitions to subtasks; green starts from blue's savepoint. The controller plays
 * the protocol of docs/gate.md: it proposes {@code O_p} ahead of what either colour may have
 * decided (either a margin past the partition's end offset, none for an idle partition, or the
 * largest reported position and committed offset of both colours, up to the end), aborts a proposal
 * a gate reports in conflict or that a colour's committed offsets passed, commits once every
 * subtask of both colours is armed and green's positions are at or before {@code O_p}, cuts the
 * partitions that appeared after the proposal in a later cut, sometimes hands the output back to
 * blue (hot rollback), and retires the old owner once its committed offsets have passed every range
 * it owns.
 */
class PositionHandoverPropertyTest {
    private static final int SCHEDULES = 10_000;
    private static final long BASE_SEED = 20261207L;

    @Test
    void everyRecordIsEmittedOnceByOneColour() {
        Stats stats = new Stats();
        String only = System.getProperty("position.seed");
        int schedules = Integer.getInteger("position.schedules", SCHEDULES);
        for (int i = 0; i < schedules; i++) {
            long seed = only == null ? BASE_SEED + i : Long.parseLong(only);
            Schedule schedule = new Schedule(new Random(seed * 0x9E3779B97F4A7C15L), stats);
            try {
                schedule.run();
                schedule.check();
            } catch (AssertionError e) {
                throw new AssertionError(
                        "seed " + seed + ": " + e.getMessage() + "\n" + schedule.trace, e);
            }
        }
        System.out.println(
                "PositionHandoverPropertyTest: "
                        + schedules
                        + " schedules, 0 violations; "
                        + stats);
        assertThat(stats.commits).as("cuts are committed").isGreaterThan(schedules);
        assertThat(stats.aborts).as("and proposals conflict").isGreaterThan(schedules / 50);
        assertThat(stats.rollbacks).as("and hot rollbacks happen").isGreaterThan(schedules / 10);
        assertThat(stats.restarts).as("and jobs restart").isGreaterThan(schedules);
        assertThat(stats.held).as("and gates hold at the cut").isGreaterThan(schedules);
        assertThat(stats.lateCuts).as("and new partitions are cut later").isGreaterThan(100);
        assertThat(stats.greenRecords).as("and green emits").isGreaterThan(stats.records / 10);
    }

    /** Counters for the summary line; asserted so that the generator cannot go stale. */
    static final class Stats {
        long records;
        long greenRecords;
        long commits;
        long aborts;
        long rollbacks;
        long restarts;
        long held;
        long lateCuts;

        @Override
        public String toString() {
            return String.format(
                    "records=%d greenRecords=%d commits=%d aborts=%d rollbacks=%d restarts=%d"
                            + " heldOffers=%d lateCuts=%d",
                    records, greenRecords, commits, aborts, rollbacks, restarts, held, lateCuts);
        }
    }

    /** One generated schedule and the controller that drives it. */
    static final class Schedule {
        final Random rng;
        final Stats stats;
        final List<Long> logEnd = new ArrayList<>();
        final List<Boolean> idle = new ArrayList<>();
        final List<long[]> out = new ArrayList<>();
        final List<Color> outBy = new ArrayList<>();
        final Map<String, GateReport> reports = new HashMap<>();
        final StringBuilder trace = new StringBuilder();
        final int maxRollbacks;
        final boolean useEndOffsets;
        PositionJobModel blue;
        PositionJobModel green;
        GateCommand command;
        PositionCut committed;
        Color wanted = Color.GREEN;
        int rollbacks;
        long transition;
        long now;
        boolean done;

        Schedule(Random rng, Stats stats) {
            this.rng = rng;
            this.stats = stats;
            int partitions = 1 + rng.nextInt(6);
            for (int p = 0; p < partitions; p++) {
                addPartition(rng.nextInt(4) == 0 ? 0 : rng.nextInt(20));
            }
            maxRollbacks = rng.nextInt(3);
            useEndOffsets = rng.nextBoolean();
            blue = new PositionJobModel(Color.BLUE, rng, new HashMap<>(), 1 + rng.nextInt(4));
        }

        private void addPartition(int records) {
            logEnd.add((long) records);
            idle.add(rng.nextInt(4) == 0);
        }

        void run() {
            int steps = 200 + rng.nextInt(400);
            for (int i = 0; i < steps && !done; i++) {
                now++;
                randomStep();
            }
            drain();
        }

        private void randomStep() {
            int dice = rng.nextInt(100);
            PositionJobModel job = green == null || rng.nextBoolean() ? blue : green;
            if (job.retired) {
                job = job == blue ? green : blue;
            }
            if (dice < 45) {
                int s = rng.nextInt(job.parallelism());
                job.step(s, logEnd, out);
                countHeld(job, s);
            } else if (dice < 55) {
                refresh(job, rng.nextInt(job.parallelism()));
            } else if (dice < 65) {
                report(job, rng.nextInt(job.parallelism()));
            } else if (dice < 71) {
                job.checkpoint(out, outBy, logEnd.size());
            } else if (dice < 73) {
                job.restart(1 + rng.nextInt(4), command);
                note(
                        "restart "
                                + job.color
                                + " at "
                                + job.checkpointed
                                + " p="
                                + job.parallelism());
            } else if (dice < 86) {
                append();
            } else if (dice < 87 && !done) {
                addPartition(rng.nextInt(3));
            } else {
                control();
            }
        }

        private void countHeld(PositionJobModel job, int s) {
            if (job.subtasks[s].heldPartition >= 0) {
                stats.held++;
            }
        }

        private void append() {
            int p = rng.nextInt(logEnd.size());
            if (!idle.get(p)) {
                logEnd.set(p, logEnd.get(p) + 1 + rng.nextInt(5));
            }
        }

        private void refresh(PositionJobModel job, int s) {
            if (command != null) {
                job.subtasks[s].gate.apply(command);
            }
        }

        private void report(PositionJobModel job, int s) {
            reports.put(job.color + "/" + s, job.report(s, now));
        }

        /** The controller's check: one step of the protocol. */
        void control() {
            if (done) {
                return;
            }
            if (green == null) {
                startGreen();
            } else if (command != null && command.stage() == Stage.PROPOSED) {
                decide();
            } else if (!toCut().isEmpty()) {
                propose();
            } else if (rollbacks < maxRollbacks && rng.nextInt(4) == 0) {
                rollbacks++;
                stats.rollbacks++;
                wanted = wanted.opposite();
            } else {
                maybeRetire();
            }
        }

        private void note(String line) {
            trace.append(now).append(": ").append(line).append('\n');
        }

        private void startGreen() {
            blue.checkpoint(out, outBy, logEnd.size()); // the savepoint
            note("green from " + blue.checkpointed);
            green = new PositionJobModel(Color.GREEN, rng, blue.checkpointed, 1 + rng.nextInt(4));
            if (command != null) {
                for (PositionJobModel.Subtask s : green.subtasks) {
                    s.gate.apply(command);
                }
            }
        }

        /** The known partitions whose newest owner is not the wanted colour. */
        List<Integer> toCut() {
            List<Integer> cut = new ArrayList<>();
            for (int p = 0; p < logEnd.size(); p++) {
                if (tailOwner(p) != wanted) {
                    cut.add(p);
                }
            }
            return cut;
        }

        private Color tailOwner(int p) {
            String key = PartitionOffsets.key(PositionJobModel.TOPIC, p);
            return committed == null ? Color.BLUE : committed.ownerAt(key, Long.MAX_VALUE, true);
        }

        private void propose() {
            Map<String, Long> offsets = new HashMap<>();
            for (int p : toCut()) {
                String key = PartitionOffsets.key(PositionJobModel.TOPIC, p);
                long ahead = Math.max(decidedBound(p, key), lastStep(key));
                offsets.put(key, ahead + margin(p, ahead));
            }
            if (offsets.size() < logEnd.size() && committed != null) {
                stats.lateCuts++;
            }
            PositionCut cut =
                    committed == null
                            ? PositionCut.first(offsets)
                            : committed.next(wanted, offsets);
            if (cut.target() != wanted) {
                throw new AssertionError("a first cut goes to green");
            }
            command = GateCommand.proposePositions(++transition, cut);
            note("propose " + command + " ends " + logEnd);
        }

        /**
         * Records past {@code ahead}: with end offsets, a margin past the end, none for a partition
         * whose end does not move (idle: cut at once at its position); with reports, up to the end.
         */
        private long margin(int p, long ahead) {
            if (useEndOffsets) {
                return idle.get(p) ? 0 : rng.nextInt(6);
            }
            return Math.min(rng.nextInt(5), Math.max(0, logEnd.get(p) - ahead));
        }

        /**
         * A bound on what either colour may have decided of a partition: its end offset, or the
         * largest reported position and committed offset (a restored reader reports nothing of a
         * partition before it reads it, so the committed offsets cover it).
         */
        private long decidedBound(int p, String key) {
            if (useEndOffsets) {
                return logEnd.get(p);
            }
            long bound = Math.max(blue.checkpointed.getOrDefault(p, 0L), committedOf(green, p));
            for (GateReport report : reports.values()) {
                bound = Math.max(bound, report.positions().current().get(key, 0));
            }
            return bound;
        }

        private static long committedOf(PositionJobModel job, int p) {
            return job == null ? 0 : job.checkpointed.getOrDefault(p, 0L);
        }

        private long lastStep(String key) {
            if (committed == null) {
                return -1;
            }
            List<PositionCut.Step> steps = committed.schedule(true).get(key);
            return steps == null ? -1 : steps.get(steps.size() - 1).offset();
        }

        /** Abort on a conflict; commit once all are armed and green is at or before the cut. */
        private void decide() {
            boolean allArmed = true;
            for (PositionJobModel job : new PositionJobModel[] {blue, green}) {
                for (int s = 0; s < job.parallelism() && !job.retired; s++) {
                    GateReport r = reports.get(job.color + "/" + s);
                    if (r != null && r.conflict() >= transition) {
                        command = command.abort();
                        note("abort on " + r);
                        stats.aborts++;
                        return;
                    }
                    allArmed &= r != null && isArmed(r) && atOrBefore(r);
                }
            }
            if (allArmed && behindCommittedOffsets()) {
                command = command.abort();
                note("abort: a colour committed past the cut");
                stats.aborts++;
            } else if (allArmed) {
                command = command.commit();
                note("commit " + reports.values());
                committed = command.positions().get();
                stats.commits++;
            }
        }

        /**
         * Whether a colour's committed offsets (its last completed checkpoint) passed the cut on a
         * named partition: a subtask decided records at or after the cut before it saw the proposal
         * and was restarted since, so no report shows the conflict. Read after the armed reports.
         */
        private boolean behindCommittedOffsets() {
            for (Map.Entry<String, Long> e :
                    command.positions().get().offsets().asMap().entrySet()) {
                int p = Integer.parseInt(e.getKey().substring(e.getKey().indexOf('/') + 1));
                if (Math.max(committedOf(blue, p), committedOf(green, p)) > e.getValue()) {
                    return true;
                }
            }
            return false;
        }

        private boolean isArmed(GateReport r) {
            return r.transition() == transition
                    && r.stage().orElse(null) == Stage.PROPOSED
                    && r.holdsCutover();
        }

        private boolean atOrBefore(GateReport r) {
            if (r.color() != Color.GREEN) {
                return true;
            }
            PartitionOffsets cut = command.positions().get().offsets();
            for (Map.Entry<String, Long> e : r.positions().current().asMap().entrySet()) {
                if (e.getValue() > cut.get(e.getKey(), Long.MAX_VALUE)) {
                    return false;
                }
            }
            return true;
        }

        /** Retires the old owner once its committed offsets have passed every cut. */
        private void maybeRetire() {
            PositionJobModel old = wanted == Color.GREEN ? blue : green;
            for (int p = 0; p < logEnd.size(); p++) {
                String key = PartitionOffsets.key(PositionJobModel.TOPIC, p);
                if (committedOf(old, p) < ownedUpTo(old.color, key)) {
                    return;
                }
            }
            old.retire();
            note("retire " + old.color + " committed " + old.checkpointed);
            done = true;
        }

        /** The end of the last non-empty range of offsets {@code color} owns, 0 for none. */
        private long ownedUpTo(Color color, String key) {
            List<PositionCut.Step> steps =
                    committed == null ? null : committed.schedule(true).get(key);
            long start = 0;
            Color owner = Color.BLUE;
            long upTo = 0;
            for (PositionCut.Step step : steps == null ? List.<PositionCut.Step>of() : steps) {
                if (owner == color && step.offset() > start) {
                    upTo = step.offset();
                }
                start = step.offset();
                owner = step.owner();
            }
            return upTo;
        }

        /** No more restarts or new records: the controller finishes and the survivor catches up. */
        private void drain() {
            for (int round = 0; round < 10_000; round++) {
                PositionJobModel survivor = wanted == Color.GREEN ? green : blue;
                if (done && survivor != null && !survivor.hasUnread(logEnd)) {
                    survivor.checkpoint(out, outBy, logEnd.size());
                    return;
                }
                for (PositionJobModel job : new PositionJobModel[] {blue, green}) {
                    drainRound(job);
                }
                appendWhileHandingOver();
                now++;
                rollbacks = maxRollbacks;
                control();
            }
            throw new AssertionError("the hand-over never finished: " + command);
        }

        /**
         * Active partitions keep growing until the hand-over is done (a cut may lie past the end).
         */
        private void appendWhileHandingOver() {
            for (int p = 0; p < logEnd.size() && !done && command != null; p++) {
                String key = PartitionOffsets.key(PositionJobModel.TOPIC, p);
                long cut = command.positions().get().offsets().get(key, 0);
                if (!idle.get(p) && logEnd.get(p) < Math.max(cut, lastStep(key))) {
                    logEnd.set(p, logEnd.get(p) + 1);
                }
            }
        }

        private void drainRound(PositionJobModel job) {
            if (job == null || job.retired) {
                return;
            }
            for (int s = 0; s < job.parallelism(); s++) {
                refresh(job, s);
                job.step(s, logEnd, out);
                report(job, s);
            }
            if (rng.nextInt(3) == 0) {
                job.checkpoint(out, outBy, logEnd.size());
            }
        }

        /** Every record of the topic committed exactly once. */
        void check() {
            Map<String, Color> seen = new HashMap<>();
            for (int i = 0; i < out.size(); i++) {
                String record = out.get(i)[0] + "@" + out.get(i)[1];
                Color before = seen.put(record, outBy.get(i));
                assertThat(before)
                        .as("duplicate %s by %s and %s", record, before, outBy.get(i))
                        .isNull();
                stats.greenRecords += outBy.get(i) == Color.GREEN ? 1 : 0;
            }
            long expected = 0;
            for (long end : logEnd) {
                expected += end;
            }
            assertThat((long) seen.size())
                    .as("records committed (lost: missing ones)")
                    .isEqualTo(expected);
            stats.records += expected;
            stats.restarts += blue.restarts + (green == null ? 0 : green.restarts);
        }
    }
}
