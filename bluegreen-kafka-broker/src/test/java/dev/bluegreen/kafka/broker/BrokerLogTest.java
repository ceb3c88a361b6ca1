package dev.bluegreen.kafka.broker;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

class BrokerLogTest {

    private static final String MARKER = "Kafka Server started";

    @TempDir Path tmp;

    @Test
    void findsNothingBeforeTheFileExists() throws IOException {
        assertThat(new BrokerLog(tmp.resolve("missing.log")).contains(MARKER)).isFalse();
    }

    @Test
    void findsAMarkerWrittenInTwoPieces() throws IOException {
        Path file = tmp.resolve("broker.log");
        BrokerLog log = new BrokerLog(file);

        Files.writeString(file, "starting\n[main] INFO Kafka Ser");
        boolean afterFirstPiece = log.contains(MARKER);
        Files.writeString(file, "ver started\n", StandardOpenOption.APPEND);

        assertThat(afterFirstPiece).isFalse();
        assertThat(log.contains(MARKER)).isTrue();
    }

    @Test
    void quotesOnlyTheLastLines() throws IOException {
        Path file = tmp.resolve("broker.log");
        Files.writeString(
                file,
                IntStream.rangeClosed(1, 100)
                        .mapToObj(i -> "line " + i)
                        .collect(Collectors.joining("\n")));

        String tail = new BrokerLog(file).tail();

        assertThat(tail.lines()).hasSize(BrokerLog.TAIL_LINES).last().isEqualTo("line 100");
        assertThat(tail).startsWith("line " + (101 - BrokerLog.TAIL_LINES) + "\n");
    }

    @Test
    void saysWhenTheLogCannotBeRead() {
        Path missing = tmp.resolve("missing.log");

        assertThat(new BrokerLog(missing).tail()).startsWith("(log " + missing + " unreadable: ");
    }
}
