package dev.bluegreen.operator.internal.extension;

import dev.bluegreen.core.extension.ExtensionParameters.InvalidParameterException;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/** Calls into extension code: bounded in time, exceptions contained, one at a time per resource. */
class ExtensionCallsTest {
    static final Duration BOUND = Duration.ofMillis(200);
    final ExtensionCalls calls = new ExtensionCalls(BOUND);

    /** A call that throws {@code thrown}. */
    static Callable<Object> throwing(Throwable thrown) {
        return () -> {
            if (thrown instanceof Error error) {
                throw error;
            }
            throw (Exception) thrown;
        };
    }

    @Test
    void anAnswerInTimeIsReturned() {
        assertThat(calls.call("ns/a", "x", () -> 42)).isEqualTo(42);
        assertThat(calls.bound()).isEqualTo(BOUND);
    }

    @Test
    void anExceptionFailsTheCallWithItsClassAndMessage() {
        assertThatThrownBy(
                        () ->
                                calls.call(
                                        "ns/a",
                                        "extension 'mine': customise",
                                        throwing(new IllegalStateException("boom"))))
                .isInstanceOf(ExtensionFailedException.class)
                .hasMessage(
                        "extension 'mine': customise: threw java.lang.IllegalStateException:"
                                + " boom");
    }

    @Test
    void anErrorIsContainedToo() {
        assertThatThrownBy(
                        () ->
                                calls.call(
                                        "ns/a",
                                        "x",
                                        throwing(new NoClassDefFoundError("com/acme/Missing"))))
                .isInstanceOf(ExtensionFailedException.class)
                .hasMessageContaining("java.lang.NoClassDefFoundError: com/acme/Missing");
    }

    @Test
    void nullIsAFailure() {
        assertThatThrownBy(() -> calls.call("ns/a", "x", () -> null))
                .isInstanceOf(ExtensionFailedException.class)
                .hasMessage("x: returned null");
    }

    @Test
    void anInvalidParameterPassesThroughAsItIs() {
        var invalid = new InvalidParameterException("window", "soon", "not a duration");

        assertThatThrownBy(() -> calls.call("ns/a", "x", throwing(invalid))).isSameAs(invalid);
    }

    @Test
    void aCallBeyondTheBoundFailsInTimeAndIsInterrupted() throws InterruptedException {
        var interrupted = new CountDownLatch(1);
        long start = System.nanoTime();

        assertThatThrownBy(
                        () ->
                                calls.call(
                                        "ns/a",
                                        "x",
                                        () -> {
                                            try {
                                                Thread.sleep(10_000);
                                            } catch (InterruptedException e) {
                                                interrupted.countDown();
                                            }
                                            return 1;
                                        }))
                .isInstanceOf(ExtensionFailedException.class)
                .hasMessage("x: no answer within 200 ms");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(2));
        assertThat(interrupted.await(2, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void whileAnOverrunningCallStillRunsTheSameResourceFailsFastAndOthersRun()
            throws InterruptedException {
        var release = new CountDownLatch(1);
        var ended = new CountDownLatch(1);
        var started = new AtomicInteger();
        assertThatThrownBy(() -> calls.call("ns/a", "x", () -> stubborn(release, ended)))
                .hasMessageContaining("no answer within");

        long start = System.nanoTime();
        assertThatThrownBy(() -> calls.call("ns/a", "x", started::incrementAndGet))
                .isInstanceOf(ExtensionFailedException.class)
                .hasMessage("x: an earlier call is still running (it took longer than 200 ms)");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(BOUND);
        assertThat(started).hasValue(0);
        assertThat(calls.call("ns/b", "x", () -> "other parent")).isEqualTo("other parent");

        release.countDown();
        assertThat(ended.await(2, TimeUnit.SECONDS)).isTrue();
        awaitFree("ns/a");
        assertThat(calls.call("ns/a", "x", () -> "again")).isEqualTo("again");
    }

    /** Ignores interrupts until released. */
    private static int stubborn(CountDownLatch release, CountDownLatch ended) {
        try {
            while (true) {
                try {
                    if (release.await(5, TimeUnit.SECONDS)) {
                        return 1;
                    }
                } catch (InterruptedException ignored) {
                    // an extension that ignores interrupts
                }
            }
        } finally {
            ended.countDown();
        }
    }

    /** Waits (at most 1 s) until the stubborn call's thread has forgotten its marker. */
    private void awaitFree(String parent) {
        await().atMost(Duration.ofSeconds(1))
                .pollInterval(Duration.ofMillis(10))
                .ignoreException(ExtensionFailedException.class)
                .until(() -> calls.call(parent, "probe", () -> 0) == 0);
    }

    @Test
    void aBoundIsRequired() {
        assertThatThrownBy(() -> new ExtensionCalls(null)).hasMessageContaining("bound");
    }
}
