package dev.bluegreen.gate.channel;

import dev.bluegreen.gate.rule.Color;
import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.gate.rule.GateReport;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Control channel that lives in the JVM: a registry by channel name, so the blue and the green job
 * (two MiniClusters in one JVM, as in tests and the local stand-in) and the controller meet on the
 * same instance. Thread-safe.
 *
 * <p>Usage: the controller calls {@code InMemoryGateChannel.named("shop-orders").send(command)};
 * the gates open the same name through {@link GateChannels#open} with type {@value #TYPE}.
 */
public final class InMemoryGateChannel implements GateChannel, GateControl {
    /** Channel type name used in the {@code bluegreen.gate.channel.type} option. */
    public static final String TYPE = "memory";

    private static final ConcurrentMap<String, InMemoryGateChannel> REGISTRY =
            new ConcurrentHashMap<>();
    private static final Comparator<GateReport> BY_COLOR_THEN_SUBTASK =
            Comparator.comparing(GateReport::color).thenComparingInt(GateReport::subtask);

    private final String name;
    private final Map<String, GateReport> reports = new ConcurrentHashMap<>();
    private GateCommand command;

    private InMemoryGateChannel(String name) {
        this.name = name;
    }

    /**
     * The channel with this name, created on first use.
     *
     * @param name the channel name, not blank
     * @return the JVM-wide instance for the name
     * @throws IllegalArgumentException when the name is blank
     */
    public static InMemoryGateChannel named(String name) {
        if (name == null || name.trim().isEmpty()) {
            throw new IllegalArgumentException("channel: expected a name, got \"" + name + "\"");
        }
        return REGISTRY.computeIfAbsent(name, InMemoryGateChannel::new);
    }

    /**
     * Forgets the channel with this name (its command and reports), e.g. when the controller
     * deletes the blue/green deployment. Gates that still hold the old instance keep it.
     *
     * @param name the channel name
     */
    public static void remove(String name) {
        REGISTRY.remove(name);
    }

    /** This channel's name. */
    public String name() {
        return name;
    }

    @Override
    public synchronized boolean send(GateCommand newCommand) {
        if (!newCommand.isNewerThan(command)) {
            return false;
        }
        command = newCommand;
        return true;
    }

    @Override
    public synchronized Optional<GateCommand> current() {
        return Optional.ofNullable(command);
    }

    @Override
    public Optional<GateCommand> currentCommand() {
        return current();
    }

    @Override
    public void report(GateReport report) {
        reports.put(report.color() + "/" + report.subtask(), report);
    }

    @Override
    public List<GateReport> reports() {
        List<GateReport> all = new ArrayList<>(reports.values());
        all.sort(BY_COLOR_THEN_SUBTASK);
        return Collections.unmodifiableList(all);
    }

    /**
     * The newest reports of one colour.
     *
     * @param color the colour
     * @return an immutable list ordered by subtask
     */
    public List<GateReport> reports(Color color) {
        List<GateReport> some = new ArrayList<>();
        for (GateReport report : reports()) {
            if (report.color() == color) {
                some.add(report);
            }
        }
        return Collections.unmodifiableList(some);
    }

    @Override
    public String toString() {
        return "InMemoryGateChannel{" + name + "}";
    }
}
