package dev.bluegreen.operator.it;

import io.fabric8.kubernetes.api.model.authorization.v1.ResourceRuleBuilder;
import io.fabric8.kubernetes.api.model.authorization.v1.SelfSubjectRulesReview;
import io.fabric8.kubernetes.api.model.authorization.v1.SubjectRulesReviewStatusBuilder;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The embedded API server (fabric8's mock server in CRUD mode) as the shipped entry points see it:
 * our CRD installed, a kubeconfig file pointing at it, and the answer to JOSDK's Lease permission
 * check (a SelfSubjectRulesReview, which the CRUD mode cannot evaluate).
 */
final class EmbeddedApi {
    private EmbeddedApi() {}

    /** Installs the FlinkBlueGreenDeployment CRD from the plugin's classpath. */
    static void installCrd(KubernetesClient client) {
        try (InputStream crd =
                EmbeddedApi.class.getResourceAsStream(
                        "/META-INF/fabric8/flinkbluegreendeployments.bluegreen.dev-v1.yml")) {
            client.apiextensions().v1().customResourceDefinitions().load(crd).create();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Installs the Gateway API {@code HTTPRoute} CRD that the build generates from fabric8's model
     * for the tests ({@link HttpRouteCrdSource}). Before the controller starts: it looks for the
     * CRD once, when it builds its informers.
     */
    static void installHttpRouteCrd(KubernetesClient client) {
        try (InputStream crd =
                EmbeddedApi.class.getResourceAsStream(
                        "/META-INF/gateway-api/httproutes.gateway.networking.k8s.io-v1.yml")) {
            client.apiextensions().v1().customResourceDefinitions().load(crd).create();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Answers every SelfSubjectRulesReview with full access to Leases, as a real API server does
     * for a service account bound to docs/deploy/rbac.yaml.
     */
    static void allowLeases(KubernetesMockServer server) {
        var review = new SelfSubjectRulesReview();
        review.setStatus(
                new SubjectRulesReviewStatusBuilder()
                        .addToResourceRules(
                                new ResourceRuleBuilder()
                                        .withApiGroups("coordination.k8s.io")
                                        .withResources("leases")
                                        .withVerbs("get", "create", "update")
                                        .build())
                        .withIncomplete(false)
                        .build());
        server.expect()
                .post()
                .withPath("/apis/authorization.k8s.io/v1/selfsubjectrulesreviews")
                .andReturn(201, review)
                .always();
    }

    /** Writes a kubeconfig file for the server {@code client} talks to and returns its path. */
    static Path kubeconfig(KubernetesClient client, Path dir) throws IOException {
        Files.createDirectories(dir);
        String url = client.getConfiguration().getMasterUrl();
        String text =
                String.join(
                        "\n",
                        "apiVersion: v1",
                        "kind: Config",
                        "clusters:",
                        "- name: embedded",
                        "  cluster:",
                        "    server: " + url,
                        "    insecure-skip-tls-verify: true",
                        "users:",
                        "- name: embedded",
                        "  user:",
                        "    token: embedded-token",
                        "contexts:",
                        "- name: embedded",
                        "  context:",
                        "    cluster: embedded",
                        "    user: embedded",
                        "    namespace: default",
                        "current-context: embedded",
                        "");
        return Files.writeString(dir.resolve("kubeconfig"), text);
    }

    /** The holder of Lease {@code namespace/name}, or null (no Lease, or no holder). */
    static String leaseHolder(KubernetesClient client, String namespace, String name) {
        Lease lease = client.leases().inNamespace(namespace).withName(name).get();
        return lease == null || lease.getSpec() == null
                ? null
                : lease.getSpec().getHolderIdentity();
    }
}
