package dev.bluegreen.operator.controller;

import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.javaoperatorsdk.operator.Operator;
import io.javaoperatorsdk.operator.RegisteredController;
import io.javaoperatorsdk.operator.api.config.ConfigurationServiceOverrider;
import io.javaoperatorsdk.operator.monitoring.micrometer.MicrometerMetrics;
import io.micrometer.core.instrument.MeterRegistry;

import java.time.Clock;
import java.util.function.Consumer;

/**
 * One-call registration of the FlinkBlueGreenDeployment controller into a JOSDK {@link Operator},
 * e.g. in a fork of the Flink operator:
 *
 * <pre>{@code
 * Operator operator = new Operator(BlueGreenController.operatorConfiguration()
 *         .andThen(o -> o.withKubernetesClient(client)));
 * BlueGreenController.register(operator, Clock.systemUTC());
 * operator.start();
 * }</pre>
 *
 * <p>The CRD ({@code docs/deploy/}) must be installed. The controller needs the operator
 * configuration of {@link #operatorConfiguration()}: server-side apply of the primary resource off
 * (status is written with optimistic locking).
 */
public final class BlueGreenController {
    private BlueGreenController() {}

    /**
     * Registers the controller.
     *
     * @param operator the operator, built with {@link #operatorConfiguration()}, not yet started
     * @param clock the time source of every decision
     * @return JOSDK's handle of the registered controller
     */
    public static RegisteredController<FlinkBlueGreenDeployment> register(
            Operator operator, Clock clock) {
        return operator.register(new BlueGreenReconciler(clock));
    }

    /**
     * Registers the controller with its meters ({@code bluegreen.transitions}, {@code
     * bluegreen.failures}, {@code bluegreen.phase.duration}) in {@code registry}.
     *
     * @param operator the operator, built with {@link #operatorConfiguration(MeterRegistry)}
     * @param clock the time source of every decision
     * @return JOSDK's handle of the registered controller
     */
    public static RegisteredController<FlinkBlueGreenDeployment> register(
            Operator operator, Clock clock, MeterRegistry registry) {
        return operator.register(new BlueGreenReconciler(clock, registry));
    }

    /**
     * The operator configuration of {@link #operatorConfiguration()} plus JOSDK's own Micrometer
     * metrics (reconciliations, retries, errors per controller) in {@code registry}.
     */
    public static Consumer<ConfigurationServiceOverrider> operatorConfiguration(
            MeterRegistry registry) {
        return operatorConfiguration()
                .andThen(o -> o.withMetrics(MicrometerMetrics.withoutPerResourceMetrics(registry)));
    }

    /**
     * The operator configuration the controller needs: {@code
     * withUseSSAToPatchPrimaryResource(false)}.
     */
    public static Consumer<ConfigurationServiceOverrider> operatorConfiguration() {
        return o -> o.withUseSSAToPatchPrimaryResource(false);
    }
}
