package dev.bluegreen.gate.internal;

import dev.bluegreen.gate.channel.InMemoryGateChannel;
import dev.bluegreen.gate.rule.Color;
import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.gate.rule.GateReport;
import dev.bluegreen.gate.rule.HandoverStatus;
import dev.bluegreen.gate.rule.Stage;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Property: for every generated schedule, the union of blue's and green's outputs is the input
 * exactly (as a multiset: every record once, none twice, none lost).
 *
 * <p>A schedule has random event times (out of order, with jumps), 1-4 subtasks per colour with
 * different random routing (some subtasks get nothing: idle), green starting from blue's savepoint
 * at a random position, random interleaving of records, report ticks (command polls) and controller
 * steps, cutovers picked from stale reports with random margins (so conflicts happen and are
 * re-picked under new numbers), random aborts, hot rollbacks, subtask restarts from a snapshot
 * (outputs after the snapshot discarded, as with an exactly-once sink), and command readers that
 * lag (a restarted one may start from a command older than its restored state: fencing).
 */
class HandoverPropertyTest {
    private static final int SCHEDULES = 2_000;
    private static final long BASE_SEED = 20261130L;

    @Test
    void bothColoursTogetherEmitEveryRecordExactlyOnce() {
        Stats stats = new Stats();
        for (int i = 0; i < SCHEDULES; i++) {
            long seed = BASE_SEED + i;
            // Consecutive seeds give nearly equal first draws from java.util.Random: scramble.
            Random rng = new Random(seed * 0x9E3779B97F4A7C15L);
            Schedule schedule = new Schedule(rng, "property-" + seed, stats);
            Map<Integer, Integer> counts = schedule.run();
            for (int id = 0; id < schedule.records.size(); id++) {
                assertThat(counts.getOrDefault(id, 0))
                        .as("seed %d: record %d emitted this many times", seed, id)
                        .isEqualTo(1);
            }
            assertThat(counts).as("seed %d: no unknown ids", seed).hasSize(schedule.records.size());
        }
        System.out.println(
                "HandoverPropertyTest: " + SCHEDULES + " schedules, 0 violations; " + stats);
        assertThat(stats.commits)
                .as("every schedule commits a cutover")
                .isGreaterThanOrEqualTo(SCHEDULES);
        assertThat(stats.conflicts).as("and conflicts").isGreaterThan(100);
        assertThat(stats.heldReleased).as("and held records").isGreaterThan(100);
        assertThat(stats.rollbacks).as("and rollbacks").isGreaterThan(100);
        assertThat(stats.restarts).as("and restarts").isGreaterThan(100);
    }

    /** Counters for the one-line summary; also asserted, so the generator cannot go stale. */
    static final class Stats {
        long records;
        long proposals;
        long conflicts;
        long commits;
        long aborts;
        long rollbacks;
        long restarts;
        long heldReleased;

        @Override
        public String toString() {
            return String.format(
                    "records=%d proposals=%d conflicts=%d commits=%d aborts=%d rollbacks=%d"
                            + " restarts=%d heldReleased=%d",
                    records,
                    proposals,
                    conflicts,
                    commits,
                    aborts,
                    rollbacks,
                    restarts,
                    heldReleased);
        }
    }

    /** A simulated subtask: its gate, its input queue, its output, its last snapshot. */
    static final class Task {
        final Color color;
        final int index;
        final int parallelism;
        final List<Integer> input = new ArrayList<>();
        List<Integer> output = new ArrayList<>();
        SubtaskGate<Integer> gate;
        int position;
        int watcher = -1;
        Snapshot snapshot;

        Task(Color color, int index, int parallelism) {
            this.color = color;
            this.index = index;
            this.parallelism = parallelism;
            this.gate = new SubtaskGate<>(color, index, parallelism, GateSettings.of(0, 50), 0);
        }
    }

    /** What a checkpoint keeps: gate memory and held records, input position, committed output. */
    static final class Snapshot {
        final GateMemory memory;
        final List<Held<Integer>> held;
        final int position;
        final int outputSize;

        Snapshot(Task task) {
            this.memory = task.gate.memory();
            this.held = task.gate.heldRecords();
            this.position = task.position;
            this.outputSize = task.output.size();
        }
    }

    /** One generated schedule. */
    static final class Schedule {
        final Random rng;
        final InMemoryGateChannel channel;
        final Stats stats;
        final List<Long> records = new ArrayList<>();
        final List<Task> tasks = new ArrayList<>();
        final List<GateCommand> sent = new ArrayList<>();
        final int wantedRollbacks;
        long lastProposed = Long.MIN_VALUE;
        long now;
        int rollbacksDone;

        Schedule(Random rng, String channelName, Stats stats) {
            this.rng = rng;
            this.stats = stats;
            InMemoryGateChannel.remove(channelName);
            this.channel = InMemoryGateChannel.named(channelName);
            this.wantedRollbacks = rng.nextInt(4) == 0 ? 1 : 0;
            generateRecords();
        }

        private void generateRecords() {
            int n = 20 + rng.nextInt(200);
            int disorder = rng.nextInt(60);
            for (int i = 0; i < n; i++) {
                long jump = rng.nextInt(25) == 0 ? 100 + rng.nextInt(300) : 0;
                records.add(i * 10L + rng.nextInt(disorder + 1) - disorder / 2 + jump);
            }
            stats.records += n;
        }

        Map<Integer, Integer> run() {
            int savepoint = rng.nextInt(records.size() / 3 + 1);
            List<Task> blue = route(Color.BLUE, 0);
            for (Task task : blue) {
                while (task.position < task.input.size()
                        && task.input.get(task.position) < savepoint) {
                    process(task);
                }
            }
            List<Task> green = route(Color.GREEN, savepoint);
            GateMemory fromSavepoint = GateMemory.merge(memories(blue));
            for (Task task : green) {
                task.gate.restore(fromSavepoint, List.of());
            }
            interleave();
            finish();
            InMemoryGateChannel.remove(channel.name());
            return counts();
        }

        private List<Task> route(Color color, int from) {
            int parallelism = 1 + rng.nextInt(4);
            List<Task> created = new ArrayList<>();
            for (int i = 0; i < parallelism; i++) {
                created.add(new Task(color, i, parallelism));
            }
            boolean oneIdle = parallelism > 1 && rng.nextBoolean();
            for (int id = from; id < records.size(); id++) {
                int target = rng.nextInt(oneIdle ? parallelism - 1 : parallelism);
                created.get(target).input.add(id);
            }
            tasks.addAll(created);
            return created;
        }

        private static List<GateMemory> memories(List<Task> tasks) {
            List<GateMemory> memories = new ArrayList<>();
            for (Task task : tasks) {
                memories.add(task.gate.memory());
            }
            return memories;
        }

        private void interleave() {
            while (tasks.stream().anyMatch(t -> t.position < t.input.size())) {
                now += rng.nextInt(5);
                int dice = rng.nextInt(100);
                Task task = tasks.get(rng.nextInt(tasks.size()));
                if (dice < 70) {
                    process(task);
                } else if (dice < 88) {
                    tick(task);
                } else if (dice < 97) {
                    controllerStep(true);
                } else if (dice < 99) {
                    task.snapshot = new Snapshot(task);
                } else {
                    restart(task);
                }
            }
        }

        private void process(Task task) {
            if (task.position >= task.input.size()) {
                return;
            }
            int id = task.input.get(task.position++);
            if (task.gate.offer(records.get(id), id) == Verdict.PASS) {
                task.output.add(id);
            }
            task.gate.advanceWatermark(records.get(id) - 60);
        }

        private void tick(Task task) {
            if (!sent.isEmpty()) {
                // A reader may lag behind the newest command but never goes back on its own; now
                // and then an old command is replayed to it (a late duplicate), which fencing
                // must ignore.
                int newest = sent.size() - 1;
                int from = Math.max(task.watcher, 0);
                task.watcher = rng.nextInt(3) == 0 ? from + rng.nextInt(newest - from + 1) : newest;
                GateCommand delivered =
                        rng.nextInt(10) == 0
                                ? sent.get(rng.nextInt(task.watcher + 1))
                                : sent.get(task.watcher);
                emit(task, task.gate.apply(delivered));
            }
            task.gate.tick(now);
            channel.report(task.gate.report(now));
        }

        private void emit(Task task, List<Held<Integer>> released) {
            for (Held<Integer> record : released) {
                task.output.add(record.item());
            }
            stats.heldReleased += released.size();
        }

        private void restart(Task task) {
            if (task.snapshot == null) {
                return;
            }
            Snapshot snapshot = task.snapshot;
            task.output = new ArrayList<>(task.output.subList(0, snapshot.outputSize));
            task.position = snapshot.position;
            task.gate =
                    new SubtaskGate<>(
                            task.color, task.index, task.parallelism, GateSettings.of(0, 50), now);
            emit(task, task.gate.restore(snapshot.memory, snapshot.held));
            // Like the operator's open(): a fresh read of the newest command before any record
            // (the channel contract; a lagging read here could lose an arming acknowledged by
            // the previous incarnation).
            if (!sent.isEmpty()) {
                task.watcher = sent.size() - 1;
                emit(task, task.gate.apply(sent.get(task.watcher)));
            }
            stats.restarts++;
        }

        private void controllerStep(boolean mayStart) {
            GateCommand current = channel.current().orElse(null);
            if (current == null || current.stage() != Stage.PROPOSED) {
                maybeStart(current, mayStart);
                return;
            }
            List<GateReport> reports = channel.reports();
            if (HandoverStatus.anyConflict(reports, current.transition())) {
                stats.conflicts++;
                propose(current, mayStart);
            } else if (HandoverStatus.allArmed(reports, current)) {
                send(current.commit());
                stats.commits++;
                if (current.target() == Color.BLUE) {
                    rollbacksDone++;
                    stats.rollbacks++;
                }
            } else if (mayStart && rng.nextInt(40) == 0) {
                send(current.abort());
                stats.aborts++;
            }
        }

        private void maybeStart(GateCommand current, boolean mayStart) {
            boolean committedOnce = current != null && current.committedCutovers().length > 0;
            boolean wantsCutover = !committedOnce;
            boolean wantsRollback =
                    committedOnce
                            && rollbacksDone < wantedRollbacks
                            && current.committedCutovers().length % 2 == 1;
            if ((wantsCutover || wantsRollback) && (!mayStart || rng.nextInt(3) == 0)) {
                propose(current, mayStart);
            }
        }

        private void propose(GateCommand current, boolean mayBeTight) {
            long seen = HandoverStatus.latestTimestamp(channel.reports());
            long margin = mayBeTight ? rng.nextInt(120) - 40 : 1 + rng.nextInt(50);
            long cutover = seen == Long.MIN_VALUE ? rng.nextInt(500) : seen + margin;
            long[] committed = current == null ? new long[0] : current.committedCutovers();
            if (committed.length > 0) {
                cutover = Math.max(cutover, committed[committed.length - 1] + 1);
            }
            // A re-pick is later than the proposal it replaces, as the protocol asks (an earlier
            // one would mostly conflict again; safety does not depend on it).
            cutover = Math.max(cutover, lastProposed + 1);
            lastProposed = cutover;
            long number = current == null ? 1 : current.transition() + 1;
            send(GateCommand.propose(number, cutover, committed));
            stats.proposals++;
        }

        private void send(GateCommand command) {
            assertThat(channel.send(command)).as("newer command %s", command).isTrue();
            sent.add(command);
        }

        private void finish() {
            for (int round = 0; round < 1_000; round++) {
                tasks.forEach(this::tick);
                GateCommand current = channel.current().orElse(null);
                if (settled(current)) {
                    // Every reader catches up with the newest command in the end.
                    for (Task task : tasks) {
                        emit(task, task.gate.apply(current));
                    }
                    return;
                }
                controllerStep(false);
            }
            throw new AssertionError("the controller did not settle: " + channel.current());
        }

        private boolean settled(GateCommand current) {
            if (current == null || current.stage() == Stage.PROPOSED) {
                return false;
            }
            int committed = current.committedCutovers().length;
            boolean rollbackDue = rollbacksDone < wantedRollbacks && committed % 2 == 1;
            return committed > 0 && !rollbackDue;
        }

        private Map<Integer, Integer> counts() {
            Map<Integer, Integer> counts = new HashMap<>();
            for (Task task : tasks) {
                assertThat(task.gate.heldRecords()).as("nothing left held").isEmpty();
                for (int id : task.output) {
                    counts.merge(id, 1, Integer::sum);
                }
            }
            return counts;
        }
    }
}
