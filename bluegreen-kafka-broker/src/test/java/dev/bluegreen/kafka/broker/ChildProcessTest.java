package dev.bluegreen.kafka.broker;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Stopping child processes, with small shell processes standing in for the broker (Unix only). */
class ChildProcessTest {

    @TempDir Path tmp;

    @Test
    void killsAProcessThatIgnoresSigtermAfterTheGracePeriod() throws IOException {
        ChildProcess child = shell("trap '' TERM; echo up; while true; do sleep 1; done");
        awaitOutput("up");

        child.stop(Duration.ofMillis(300));

        assertThat(child.process().isAlive()).isFalse();
        assertThat(child.process().exitValue()).as("exit code of SIGKILL").isEqualTo(137);
    }

    @Test
    void stoppingTwiceIsHarmless() throws IOException {
        ChildProcess child = shell("sleep 30");

        child.stop(Duration.ofSeconds(5));
        child.stop(Duration.ofSeconds(5));

        assertThat(child.process().isAlive()).isFalse();
        assertThat(child.process().exitValue()).isEqualTo(143);
    }

    private ChildProcess shell(String script) throws IOException {
        return ChildProcess.start(List.of("sh", "-c", script), tmp.resolve("child.log"));
    }

    private void awaitOutput(String text) {
        org.awaitility.Awaitility.await()
                .atMost(Duration.ofSeconds(10))
                .until(() -> new BrokerLog(tmp.resolve("child.log")).contains(text));
    }
}
