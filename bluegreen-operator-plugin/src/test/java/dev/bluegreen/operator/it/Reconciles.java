package dev.bluegreen.operator.it;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

import static org.awaitility.Awaitility.await;

/**
 * Observes the controller's reconciles through JOSDK's Micrometer counters ({@code
 * operator.sdk.reconciliations.started/success/failed}), so a test can wait until the controller
 * has finished reacting to something instead of sleeping through a quiet period.
 */
final class Reconciles {
    private static final String PREFIX = "operator.sdk.reconciliations.";
    private final MeterRegistry registry;

    Reconciles(MeterRegistry registry) {
        this.registry = registry;
    }

    /**
     * Runs {@code trigger} and waits until at least one reconcile started after it and none is
     * running any more. Meant for a resource at rest, where nothing but the trigger starts one.
     */
    void afterTrigger(Runnable trigger) {
        double before = count("started");
        trigger.run();
        await().atMost(Harness.WAIT)
                .until(
                        () -> {
                            double started = count("started");
                            return started > before
                                    && count("success") + count("failed") >= started;
                        });
    }

    /**
     * Waits until {@code n} more reconciles have finished than had when this was called: for a
     * parent that requeues itself, proof that the controller looked again {@code n} times.
     */
    void awaitMore(int n) {
        double before = count("success") + count("failed");
        await().atMost(Harness.WAIT).until(() -> count("success") + count("failed") >= before + n);
    }

    private double count(String name) {
        return registry.find(PREFIX + name).counters().stream().mapToDouble(Counter::count).sum();
    }
}
