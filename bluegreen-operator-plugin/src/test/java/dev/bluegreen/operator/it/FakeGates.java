package dev.bluegreen.operator.it;

import dev.bluegreen.gate.channel.InMemoryGateChannel;
import dev.bluegreen.gate.internal.GateSettings;
import dev.bluegreen.gate.internal.SubtaskGate;
import dev.bluegreen.gate.rule.Color;
import dev.bluegreen.gate.rule.GateCommand;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The test plays the gate subtasks of both jobs: real {@link SubtaskGate}s, two per colour, fed
 * with one record per event-time step up to each colour's position, reporting to the in-memory
 * channel. One {@link #step()} is one report tick of every subtask of every running colour: offer
 * the records, advance the watermark, read the newest command, report. Not thread-safe.
 */
final class FakeGates {
    static final int PARALLELISM = 2;
    static final long STEP = 100;

    private final InMemoryGateChannel channel;
    private final Map<Color, List<SubtaskGate<Long>>> gates = new EnumMap<>(Color.class);
    private final Map<Color, long[]> positions = new EnumMap<>(Color.class);
    private final List<GateCommand> seen = new ArrayList<>();
    private Consumer<GateCommand> onNewCommand = c -> {};

    FakeGates(String channelName) {
        this.channel = InMemoryGateChannel.named(channelName);
    }

    /** Starts (or restarts) the gates of {@code color}, each subtask at event time {@code at}. */
    void start(Color color, long at) {
        var list = new ArrayList<SubtaskGate<Long>>();
        long now = System.currentTimeMillis();
        for (int i = 0; i < PARALLELISM; i++) {
            list.add(new SubtaskGate<>(color, i, PARALLELISM, GateSettings.of(0, 3_600_000), now));
        }
        gates.put(color, list);
        positions.put(color, new long[] {at, at});
    }

    void stop(Color color) {
        gates.remove(color);
    }

    boolean running(Color color) {
        return gates.containsKey(color);
    }

    /**
     * Moves every subtask of {@code color} to event time {@code at} (records are offered on step).
     */
    void moveTo(Color color, long at) {
        long[] p = positions.get(color);
        p[0] = Math.max(p[0], at);
        p[1] = Math.max(p[1], at);
    }

    /** Moves one subtask only. */
    void moveTo(Color color, int subtask, long at) {
        long[] p = positions.get(color);
        p[subtask] = Math.max(p[subtask], at);
    }

    /** The event time subtask {@code subtask} of {@code color} has reached. */
    long position(Color color, int subtask) {
        return positions.get(color)[subtask];
    }

    /** Runs {@code action} with each command the gates see for the first time. */
    void onNewCommand(Consumer<GateCommand> action) {
        this.onNewCommand = action;
    }

    /** The commands the gates saw, in order. */
    List<GateCommand> seen() {
        return List.copyOf(seen);
    }

    /** One report tick of every running subtask. */
    void step() {
        var command = channel.current().orElse(null);
        if (command != null && (seen.isEmpty() || !seen.get(seen.size() - 1).equals(command))) {
            seen.add(command);
            onNewCommand.accept(command);
        }
        long now = System.currentTimeMillis();
        for (var entry : gates.entrySet()) {
            long[] p = positions.get(entry.getKey());
            for (int i = 0; i < entry.getValue().size(); i++) {
                SubtaskGate<Long> gate = entry.getValue().get(i);
                feed(gate, p[i]);
                if (command != null) {
                    gate.apply(command);
                }
                gate.tick(now);
                channel.report(gate.report(now));
            }
        }
    }

    private static void feed(SubtaskGate<Long> gate, long upTo) {
        long from = Math.max(gate.report(0).maxTimestamp() + STEP, upTo - 20 * STEP);
        for (long t = from; t <= upTo; t += STEP) {
            gate.offer(t, t);
        }
        gate.advanceWatermark(upTo - STEP);
    }
}
