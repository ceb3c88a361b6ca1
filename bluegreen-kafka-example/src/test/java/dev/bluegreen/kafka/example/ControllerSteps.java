package dev.bluegreen.kafka.example;

import dev.bluegreen.example.CatchUpCheck;
import dev.bluegreen.gate.channel.InMemoryGateChannel;
import dev.bluegreen.gate.rule.Color;
import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.gate.rule.GateReport;
import dev.bluegreen.gate.rule.HandoverStatus;

import org.awaitility.core.ConditionFactory;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.ToLongFunction;

import static org.awaitility.Awaitility.await;

/**
 * Test support: the controller's ADVANCED steps played over an in-memory gate channel with {@link
 * HandoverStatus}, as the plugin does over the ConfigMap channel: wait for catch-up, propose
 * (re-pick on a conflict) until every subtask of both colours is armed, commit or abort, wait for
 * the losing colour to drain or for a command to be applied. One instance per channel name; {@link
 * #close()} removes the channel. Used from one thread (the ITs and the benchmark).
 */
public final class ControllerSteps implements AutoCloseable {
    /** How long each wait may take at most: 60 s. */
    public static final Duration TIMEOUT = Duration.ofSeconds(60);

    private final String channelName;
    private final InMemoryGateChannel channel;
    private final Duration pollInterval;
    private GateCommand last;
    private int proposals;

    private ControllerSteps(String channelName, Duration pollInterval) {
        this.channelName = channelName;
        this.channel = InMemoryGateChannel.named(channelName);
        this.pollInterval = pollInterval;
    }

    /**
     * The controller of the channel {@code name} (created on first use), reading the reports every
     * {@code pollInterval} while it waits (the ITs: 100 ms; the benchmark, which times the
     * handover: 10 ms).
     */
    public static ControllerSteps on(String name, Duration pollInterval) {
        return new ControllerSteps(name, pollInterval);
    }

    /** The in-memory channel's name, for the jobs' {@code bluegreen.gate.channel}. */
    public String channelName() {
        return channelName;
    }

    /** The latest report of every gate subtask that reported. */
    public List<GateReport> reports() {
        return channel.reports();
    }

    /** Proposals sent so far (more than one per handover: conflicts). */
    public int proposals() {
        return proposals;
    }

    /** Records passed so far by every reporting gate subtask of {@code color}. */
    public long passed(Color color) {
        return sum(color, GateReport::passed);
    }

    /** Records held right now by the subtasks of {@code color}, as last reported. */
    public long held(Color color) {
        return sum(color, GateReport::held);
    }

    private long sum(Color color, ToLongFunction<GateReport> field) {
        return reports().stream().filter(r -> r.color() == color).mapToLong(field).sum();
    }

    /** Waits until {@code color}'s gates passed at least {@code records}. */
    public void awaitPassed(Color color, long records) {
        waitFor(color + " passed " + records, () -> passed(color) >= records);
    }

    /**
     * Waits until the subtasks of {@code color} hold at least {@code atLeast} records together (the
     * stream went past the proposed cutover while they were armed).
     */
    public void awaitHolding(Color color, long atLeast) {
        waitFor(
                color + " holds " + atLeast + " records at or after the proposed cutover",
                () -> held(color) >= atLeast);
    }

    /**
     * Waits until every subtask of both colours reported and green's slowest watermark is within
     * {@code boundMs} of blue's fastest (the controller's catch-up check).
     */
    public void awaitCaughtUp(long boundMs) {
        waitFor(
                "green caught up within " + boundMs + " ms",
                () -> CatchUpCheck.caughtUp(reports(), boundMs));
    }

    private static boolean bothColoursReported(List<GateReport> reports) {
        return HandoverStatus.everySubtaskReported(reports, Color.BLUE)
                && HandoverStatus.everySubtaskReported(reports, Color.GREEN);
    }

    /**
     * Proposes a cutover {@code marginMs} after the latest event time reported, re-picking under a
     * new number on a conflict, until every subtask of both colours is armed.
     *
     * @return the proposal every subtask armed for (not yet committed)
     */
    public GateCommand proposeUntilAllArmed(long marginMs) {
        while (true) {
            long cutover = HandoverStatus.latestTimestamp(reports()) + marginMs;
            // on top of what is committed already (a second cutover is a hot rollback)
            GateCommand proposal =
                    last == null ? GateCommand.propose(1, cutover) : last.proposeNext(cutover);
            send(proposal);
            proposals++;
            long number = proposal.transition();
            waitFor(
                    "every subtask armed for " + number + " or a conflict",
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
    public GateCommand commit(GateCommand proposal) {
        GateCommand committed = proposal.commit();
        send(committed);
        return committed;
    }

    /** Aborts a proposal (held records go back under the old schedule); returns the command. */
    public GateCommand abort(GateCommand proposal) {
        GateCommand aborted = proposal.abort();
        send(aborted);
        return aborted;
    }

    /** Waits until every subtask of {@code color} is drained under {@code committed}. */
    public void awaitDrained(Color color, GateCommand committed) {
        waitFor(
                color + " drained",
                () -> HandoverStatus.drained(reports(), color, committed.transition()));
    }

    /**
     * Waits until every subtask of both colours reports {@code command}'s transition in its stage
     * (for an ABORTED command: every gate released its held records under the old schedule).
     */
    public void awaitApplied(GateCommand command) {
        waitFor("every subtask applied " + command, () -> appliedByAll(command));
    }

    private boolean appliedByAll(GateCommand command) {
        List<GateReport> reports = reports();
        return bothColoursReported(reports)
                && reports.stream()
                        .allMatch(
                                r ->
                                        r.transition() == command.transition()
                                                && r.stage().orElse(null) == command.stage());
    }

    private void waitFor(String what, Callable<Boolean> condition) {
        ConditionFactory wait = await(what).atMost(TIMEOUT).pollInterval(pollInterval);
        wait.until(condition);
    }

    /** Removes the channel. */
    @Override
    public void close() {
        InMemoryGateChannel.remove(channelName);
    }
}
