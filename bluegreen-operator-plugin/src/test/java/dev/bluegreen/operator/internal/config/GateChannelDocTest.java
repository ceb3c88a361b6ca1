package dev.bluegreen.operator.internal.config;

import dev.bluegreen.operator.internal.spec.GateConfig;
import dev.bluegreen.operator.resource.ProjectFiles;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/gate.md's row of {@code bluegreen.gate.channel.type} states what the controller writes into
 * each child by default: the gate-side name of {@code advanced.channel}'s default (bluegreen-gate's
 * GateDocTest checks the gate's own default in the same row).
 */
class GateChannelDocTest {

    /** The Default cell of the channel-type row of docs/gate.md's configuration table. */
    static String channelTypeDefaultCell() throws IOException {
        String doc = Files.readString(ProjectFiles.root().resolve("docs/gate.md"));
        String rowStart = "| `" + GateConfig.CHANNEL_TYPE + "` | ";
        int row = doc.indexOf(rowStart);
        assertThat(row).as("row of %s in docs/gate.md", GateConfig.CHANNEL_TYPE).isNotNegative();
        String rest = doc.substring(row + rowStart.length());
        return rest.substring(0, rest.indexOf(" | "));
    }

    @Test
    void gateDocNamesTheChannelTheControllerWritesByDefault() throws IOException {
        String controllerDefault = AdvancedOptions.CHANNEL_TYPE.defaultValue();
        String written =
                new HandoverSettings(
                                Duration.ZERO,
                                Duration.ZERO,
                                controllerDefault,
                                Duration.ZERO,
                                true,
                                3)
                        .gateChannelType();
        String other =
                AdvancedOptions.CHANNEL_TYPE.choices().stream()
                        .filter(c -> !c.equals(controllerDefault))
                        .findFirst()
                        .orElseThrow();
        String suffix =
                AdvancedOptions.CHANNEL_TYPE.key().substring(BlueGreenOptions.PREFIX.length());

        assertThat(channelTypeDefaultCell())
                .contains("the controller always writes it: `" + written + "`")
                .contains("unless the parent sets `" + suffix + ": " + other + "`")
                .contains("default `" + controllerDefault + "`");
    }
}
