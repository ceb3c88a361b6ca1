package dev.bluegreen.operator.controller;

import dev.bluegreen.operator.internal.validate.SpecValidator;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** The CRD schema look-up of the validator: single-flight, refreshed every five minutes. */
class ValidatorsTest {
    static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");

    @Test
    void reconcilesThatNeedTheSchemaWhileItIsReadShareOneRead() throws Exception {
        // Given a look-up that is under way until released
        var lookUps = new AtomicInteger();
        var started = new CountDownLatch(1);
        var release = new CountDownLatch(1);
        var validators =
                new Validators(
                        client -> {
                            lookUps.incrementAndGet();
                            started.countDown();
                            await(release);
                            return SpecValidator.withoutSchema();
                        });
        ExecutorService threads = Executors.newFixedThreadPool(8);
        try {
            // When eight reconciles of a full resync ask for it at once
            var entered = new CountDownLatch(8);
            var results = new ArrayList<Future<SpecValidator>>();
            for (int i = 0; i < 8; i++) {
                results.add(
                        threads.submit(
                                () -> {
                                    entered.countDown();
                                    return validators.validator(null, T0);
                                }));
            }
            await(started);
            await(entered);
            release.countDown();

            // Then the CRD was read once, and all got the same validator
            var first = results.get(0).get(10, TimeUnit.SECONDS);
            for (var result : results) {
                assertThat(result.get(10, TimeUnit.SECONDS)).isSameAs(first);
            }
            assertThat(lookUps).hasValue(1);
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void theSchemaIsReadAgainOnlyAfterFiveMinutes() {
        var lookUps = new AtomicInteger();
        var validators =
                new Validators(
                        client -> {
                            lookUps.incrementAndGet();
                            return SpecValidator.withoutSchema();
                        });

        validators.validator(null, T0);
        validators.validator(null, T0.plus(Validators.REFRESH).minusMillis(1));
        assertThat(lookUps).hasValue(1);

        validators.validator(null, T0.plus(Validators.REFRESH));
        assertThat(lookUps).hasValue(2);
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(10, TimeUnit.SECONDS)) {
                throw new IllegalStateException("latch not released");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
