package dev.bluegreen.kafka.broker;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Waiting for readiness, with small shell processes standing in for the broker (Unix only). */
class ReadinessTest {

    @TempDir Path tmp;

    @Test
    void reportsAProcessThatExitsBeforeItIsReadyWithItsOutput() throws IOException {
        ChildProcess child = shell("echo 'ERROR port in use'; exit 3");
        BrokerLog log = new BrokerLog(tmp.resolve("child.log"));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);

        assertThatThrownBy(() -> Readiness.await(child.process(), 1, log, deadline))
                .isInstanceOf(IOException.class)
                .hasMessageStartingWith(
                        "Kafka broker exited with code 3 before it was ready; log "
                                + log.file()
                                + "; last lines:\n")
                .hasMessageEndingWith("ERROR port in use");
    }

    @Test
    void givesUpOnABrokerThatIsNotReadyByTheDeadline() throws IOException {
        ChildProcess child = shell("echo still starting; sleep 30");
        BrokerLog log = new BrokerLog(tmp.resolve("child.log"));
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(300);
        try {
            assertThatThrownBy(() -> Readiness.await(child.process(), 1, log, deadline))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("was not ready in time")
                    .hasMessageContaining("log " + log.file());
        } finally {
            child.stop(Duration.ofSeconds(5));
        }
    }

    @Test
    void tellsAPortTakenByAnotherProcessFromOtherFailures() throws IOException {
        ChildProcess child =
                shell(
                        "echo 'KafkaException: Socket server failed to bind to localhost:1: Address"
                                + " already in use.'; exit 1");
        BrokerLog log = new BrokerLog(tmp.resolve("child.log"));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);

        assertThatThrownBy(() -> Readiness.await(child.process(), 1, log, deadline))
                .isInstanceOf(Readiness.PortTaken.class)
                .hasMessageContaining(
                        "exited with code 1 before it was ready (KafkaException: Socket server"
                                + " failed to bind to localhost:1: Address already in use.); log "
                                + log.file());
    }

    @Test
    void quotesTheFirstErrorLineEvenWhenItIsNotAmongTheLastLines() throws IOException {
        ChildProcess child =
                shell(
                        "echo '12:00:00.000 [main] ERROR kafka.Kafka$ - boom';"
                                + " for i in $(seq 1 100); do echo shutting down; done; exit 1");
        BrokerLog log = new BrokerLog(tmp.resolve("child.log"));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);

        assertThatThrownBy(() -> Readiness.await(child.process(), 1, log, deadline))
                .hasMessageContaining(
                        "; first error: 12:00:00.000 [main] ERROR kafka.Kafka$ - boom; last lines:")
                .hasMessageEndingWith("shutting down");
    }

    @Test
    void doesNotMistakeOtherExitsForATakenPort() throws IOException {
        ChildProcess child = shell("echo 'Error: Could not find or load main class'; exit 1");
        BrokerLog log = new BrokerLog(tmp.resolve("child.log"));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);

        assertThatThrownBy(() -> Readiness.await(child.process(), 1, log, deadline))
                .isExactlyInstanceOf(IOException.class);
    }

    private ChildProcess shell(String script) throws IOException {
        return ChildProcess.start(List.of("sh", "-c", script), tmp.resolve("child.log"));
    }
}
