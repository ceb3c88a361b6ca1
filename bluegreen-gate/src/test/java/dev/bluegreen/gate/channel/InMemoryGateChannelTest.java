package dev.bluegreen.gate.channel;

import dev.bluegreen.gate.rule.Color;
import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.gate.rule.GateReport;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The JVM-wide in-memory channel and opening channels by type. */
class InMemoryGateChannelTest {
    private static final String NAME = "channel-test";

    @AfterEach
    void forget() {
        InMemoryGateChannel.remove(NAME);
    }

    @Test
    void gatesAndTheControllerMeetOnOneInstancePerName() {
        GateChannel opened =
                GateChannels.open(
                        "memory", NAME, Map.of(), InMemoryGateChannelTest.class.getClassLoader());

        InMemoryGateChannel.named(NAME).send(GateCommand.propose(1, 100));

        assertThat(opened).isSameAs(InMemoryGateChannel.named(NAME));
        assertThat(opened.currentCommand()).contains(GateCommand.propose(1, 100));
        assertThat(opened.readFresh()).contains(GateCommand.propose(1, 100));
    }

    @Test
    void ignoresCommandsThatAreNotNewer() {
        InMemoryGateChannel channel = InMemoryGateChannel.named(NAME);
        GateCommand committed = GateCommand.propose(2, 200).commit();
        channel.send(committed);

        assertThat(channel.send(GateCommand.propose(1, 300))).isFalse();
        assertThat(channel.send(GateCommand.propose(2, 200))).isFalse();
        assertThat(channel.current()).contains(committed);
    }

    @Test
    void keepsTheNewestReportPerColourAndSubtaskInOrder() {
        InMemoryGateChannel channel = InMemoryGateChannel.named(NAME);
        channel.report(report(Color.GREEN, 0, 1));
        channel.report(report(Color.BLUE, 1, 1));
        channel.report(report(Color.BLUE, 0, 1));
        channel.report(report(Color.BLUE, 0, 2));

        assertThat(channel.reports())
                .extracting(GateReport::color, GateReport::subtask, GateReport::at)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(Color.BLUE, 0, 2L),
                        org.assertj.core.groups.Tuple.tuple(Color.BLUE, 1, 1L),
                        org.assertj.core.groups.Tuple.tuple(Color.GREEN, 0, 1L));
        assertThat(channel.reports(Color.GREEN)).hasSize(1);
    }

    private static GateReport report(Color color, int subtask, long at) {
        return GateReport.builder(color, subtask, 2).status(false, 0, false, at).build();
    }

    @Test
    void anUnknownChannelTypeNamesTheKeyAndTheKnownTypes() {
        assertThatThrownBy(
                        () ->
                                GateChannels.open(
                                        "kafka",
                                        NAME,
                                        Map.of(),
                                        InMemoryGateChannelTest.class.getClassLoader()))
                .hasMessage(
                        "bluegreen.gate.channel.type: no channel provider for \"kafka\","
                                + " known: [memory, configmap]");
    }
}
