package dev.bluegreen.kafka.example;

import dev.bluegreen.gate.channel.InMemoryGateChannel;
import dev.bluegreen.gate.rule.Color;
import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.gate.rule.GateReport;
import dev.bluegreen.gate.rule.HandoverStatus;

import java.time.Duration;
import java.util.List;

import static org.awaitility.Awaitility.await;

/**
 * Test support: the controller's ADVANCED steps played over an in-memory gate channel with {@link
 * HandoverStatus}, as the plugin does over the ConfigMap channel: wait for catch-up, propose
 * (re-pick on a conflict) until every subtask of both colours is armed, commit, wait for the losing
 * colour to drain. One instance per channel name; {@link #close()} removes the channel.
 */
final class ControllerSteps implements AutoCloseable {
    static final Duration TIMEOUT = Duration.ofSeconds(60);

    private final String channelName;
    private final InMemoryGateChannel channel;
    private GateCommand last;

    private ControllerSteps(String channelName) {
        this.channelName = channelName;
        this.channel = InMemoryGateChannel.named(channelName);
    }

    /** The controller of the channel {@code name} (created on first use). */
    static ControllerSteps on(String name) {
        return new ControllerSteps(name);
    }

    String channelName() {
        return channelName;
    }

    List<GateReport> reports() {
        return channel.reports();
    }

    /** Records passed so far by every reporting gate subtask of {@code color}. */
    long passed(Color color) {
        return reports().stream()
                .filter(r -> r.color() == color)
                .mapToLong(GateReport::passed)
                .sum();
    }

    /** Waits until {@code color}'s gates passed at least {@code records}. */
    void awaitPassed(Color color, long records) {
        await(color + " passed " + records).atMost(TIMEOUT).until(() -> passed(color) >= records);
    }

    /**
     * Waits until every subtask of both colours reported and green's slowest watermark is within
     * {@code boundMs} of blue's fastest (the controller's catch-up check).
     */
    void awaitCaughtUp(long boundMs) {
        await("green caught up within " + boundMs + " ms")
                .atMost(TIMEOUT)
                .until(() -> caughtUp(reports(), boundMs));
    }

    private static boolean caughtUp(List<GateReport> reports, long boundMs) {
        if (!HandoverStatus.everySubtaskReported(reports, Color.BLUE)
                || !HandoverStatus.everySubtaskReported(reports, Color.GREEN)) {
            return false;
        }
        long blueAhead = Long.MIN_VALUE;
        long greenBehind = Long.MAX_VALUE;
        for (GateReport report : reports) {
            if (report.color() == Color.BLUE) {
                blueAhead = Math.max(blueAhead, report.watermark());
            } else {
                greenBehind = Math.min(greenBehind, report.watermark());
            }
        }
        return greenBehind > Long.MIN_VALUE && greenBehind >= blueAhead - boundMs;
    }

    /**
     * Proposes a cutover {@code marginMs} after the latest event time reported, re-picking under a
     * new number on a conflict, until every subtask of both colours is armed.
     *
     * @return the proposal every subtask armed for (not yet committed)
     */
    GateCommand proposeUntilAllArmed(long marginMs) {
        while (true) {
            long cutover = HandoverStatus.latestTimestamp(reports()) + marginMs;
            // on top of what is committed already (a second cutover is a hot rollback)
            GateCommand proposal =
                    last == null ? GateCommand.propose(1, cutover) : last.proposeNext(cutover);
            send(proposal);
            long number = proposal.transition();
            await("every subtask armed for " + number + " or a conflict")
                    .atMost(TIMEOUT)
                    .until(
                            () ->
                                    HandoverStatus.allArmed(reports(), proposal)
                                            || HandoverStatus.anyConflict(reports(), number));
            if (!HandoverStatus.anyConflict(reports(), number)) {
                return proposal;
            }
        }
    }

    private void send(GateCommand command) {
        channel.send(command);
        last = command;
    }

    /** Commits an armed proposal; returns the committed command. */
    GateCommand commit(GateCommand proposal) {
        GateCommand committed = proposal.commit();
        send(committed);
        return committed;
    }

    /** Aborts a proposal (held records go back under the old schedule); returns the command. */
    GateCommand abort(GateCommand proposal) {
        GateCommand aborted = proposal.abort();
        send(aborted);
        return aborted;
    }

    /** Waits until every subtask of {@code color} is drained under {@code committed}. */
    void awaitDrained(Color color, GateCommand committed) {
        await(color + " drained")
                .atMost(TIMEOUT)
                .until(() -> HandoverStatus.drained(reports(), color, committed.transition()));
    }

    @Override
    public void close() {
        InMemoryGateChannel.remove(channelName);
    }
}
