package dev.bluegreen.operator.it;

import dev.bluegreen.operator.controller.BlueGreenController;
import dev.bluegreen.operator.fake.HostOperator;

import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.javaoperatorsdk.operator.Operator;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

import java.time.Clock;
import java.time.Duration;
import java.util.Set;

/**
 * A fork's process for {@link ForkShutdownIT}: upstream's leader election with JOSDK's default
 * {@code exitOnStopLeading}, a host controller and ours; once it leads, it installs a shutdown hook
 * ({@code ours}: {@link BlueGreenController#installShutdownHook}; {@code naive}: {@code
 * operator::stop}) and calls {@code System.exit(0)}, as SIGTERM would start the shutdown.
 */
public final class ForkShutdownMain {
    private ForkShutdownMain() {}

    /** Arguments: the API server's URL, {@code ours} or {@code naive}. */
    public static void main(String[] args) throws InterruptedException {
        KubernetesClient client =
                new KubernetesClientBuilder()
                        .withConfig(
                                new ConfigBuilder()
                                        .withMasterUrl(args[0])
                                        .withTrustCerts(true)
                                        .withNamespace("default")
                                        .build())
                        .build();
        Operator operator = HostOperator.leaderElected(client, "default", true);
        HostOperator.registerHostController(
                operator, Set.of("team-a"), new HostOperator.ConfigMaps());
        BlueGreenController.registerIfCrdsInstalled(
                operator, Clock.systemUTC(), new SimpleMeterRegistry());
        operator.start();
        while (!"host-test"
                .equals(EmbeddedApi.leaseHolder(client, "default", "flink-operator-lease"))) {
            Thread.sleep(100);
        }
        if ("ours".equals(args[1])) {
            BlueGreenController.installShutdownHook(operator, Duration.ofSeconds(20));
        } else {
            Runtime.getRuntime().addShutdownHook(new Thread(operator::stop));
        }
        System.out.println("LEADING, exiting");
        System.exit(0);
    }
}
