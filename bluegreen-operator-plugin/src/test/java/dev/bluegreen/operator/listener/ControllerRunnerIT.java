package dev.bluegreen.operator.listener;

import dev.bluegreen.operator.fake.FakeFlinkOperator;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;
import dev.bluegreen.operator.standalone.ControllerOptions;

import io.fabric8.kubernetes.api.model.authorization.v1.ResourceRuleBuilder;
import io.fabric8.kubernetes.api.model.authorization.v1.SelfSubjectRulesReview;
import io.fabric8.kubernetes.api.model.authorization.v1.SubjectRulesReviewStatusBuilder;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The drop-in's runner against the embedded API when the controller cannot start at first: JOSDK's
 * Lease permission check is denied three times (an RBAC answer, as in a cluster without the Lease
 * rule), then granted.
 */
@EnableKubernetesMockClient(crud = true, https = false)
class ControllerRunnerIT {
    static final String EXECUTIONS = "operator.sdk.reconciliations.executions.";

    KubernetesMockServer server;
    KubernetesClient client;

    @Test
    void logsTheRootCauseOnceAndRegistersMetersOnceAcrossFailedStarts() throws Exception {
        // given our CRD, the upstream CRDs, and a Lease permission denied to the first three checks
        installCrd();
        var registry = new GaugeCountingRegistry();
        List<String> warnings;
        try (var fake = FakeFlinkOperator.start(client)) {
            leaseRulesReview(false, 3);
            leaseRulesReview(true, -1);

            // when the runner starts the controller
            ControllerRunner runner = ControllerRunner.start(options(), url(), registry, ms(100));
            try {
                // then it retries until it holds the Lease
                await().atMost(Duration.ofSeconds(60)).until(() -> leaseHolder() != null);
                assertThat(leaseHolder()).isEqualTo("runner-it");
                warnings = runner.reportedFailures();
            } finally {
                runner.close();
            }
        }
        // the cause chain is logged once for the three failures, naming the root cause
        assertThat(warnings).hasSize(1);
        assertThat(warnings.get(0))
                .contains("Error starting operator")
                .containsIgnoringCase("permission")
                .contains("No permission to lease")
                .contains("root cause");
        // JOSDK's gauges were registered once (a second registration is what makes Micrometer
        // warn that the gauge "has been already registered")
        assertThat(registry.executionGauges).hasValue(1);
        assertThat(registry.find(EXECUTIONS + "flinkbluegreendeployment").gauges()).hasSize(1);
    }

    /** Counts the registrations of JOSDK's executions gauge. */
    static final class GaugeCountingRegistry extends SimpleMeterRegistry {
        final AtomicInteger executionGauges = new AtomicInteger();

        @Override
        public <T extends Number> T gauge(String name, Iterable<Tag> tags, T number) {
            if (name.startsWith(EXECUTIONS)) {
                executionGauges.incrementAndGet();
            }
            return super.gauge(name, tags, number);
        }
    }

    private void leaseRulesReview(boolean allowed, int times) {
        var rules = new SubjectRulesReviewStatusBuilder().withIncomplete(false);
        if (allowed) {
            rules.addToResourceRules(
                    new ResourceRuleBuilder()
                            .withApiGroups("coordination.k8s.io")
                            .withResources("leases")
                            .withVerbs("get", "create", "update")
                            .build());
        }
        var review = new SelfSubjectRulesReview();
        review.setStatus(rules.build());
        var answer =
                server.expect()
                        .post()
                        .withPath("/apis/authorization.k8s.io/v1/selfsubjectrulesreviews")
                        .andReturn(201, review);
        if (times < 0) {
            answer.always();
        } else {
            answer.times(times);
        }
    }

    private void installCrd() throws Exception {
        try (InputStream crd =
                FlinkBlueGreenDeployment.class.getResourceAsStream(
                        "/META-INF/fabric8/flinkbluegreendeployments.bluegreen.dev-v1.yml")) {
            client.apiextensions().v1().customResourceDefinitions().load(crd).create();
        }
    }

    private ControllerOptions options() {
        return ControllerOptions.fromListenerConfig(
                Map.of("lease-namespace", "default"),
                Map.of(),
                Path.of("/nonexistent"),
                () -> "runner-it");
    }

    private String url() {
        return client.getConfiguration().getMasterUrl();
    }

    private String leaseHolder() {
        Lease lease = client.leases().inNamespace("default").withName("bluegreen-controller").get();
        return lease == null || lease.getSpec() == null
                ? null
                : lease.getSpec().getHolderIdentity();
    }

    private static Duration ms(long millis) {
        return Duration.ofMillis(millis);
    }
}
