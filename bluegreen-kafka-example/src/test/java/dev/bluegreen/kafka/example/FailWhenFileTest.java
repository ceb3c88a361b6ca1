package dev.bluegreen.kafka.example;

import dev.bluegreen.example.Event;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The fault of a job that fails for good once a file exists. */
class FailWhenFileTest {

    @Test
    void passesRecordsUntilTheFileExistsThenThrowsForEveryRun(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("green-fails");
        var fault = new FailWhenFile(file.toString());
        Event event = new Event(7, "k1", 1_000);

        assertThat(fault.map(event)).isSameAs(event);
        Files.createFile(file);
        TimeUnit.MILLISECONDS.sleep(FailWhenFile.CHECK_EVERY_MS + 10);

        assertThatThrownBy(() -> fault.map(event))
                .isInstanceOf(FailWhenFile.FileAppeared.class)
                .hasMessage("injected failure: --fail-when-file " + file + " exists, at id 7");
        // a restarted run (a fresh instance) fails at its first record
        assertThatThrownBy(() -> new FailWhenFile(file.toString()).map(event))
                .isInstanceOf(FailWhenFile.FileAppeared.class);
    }
}
