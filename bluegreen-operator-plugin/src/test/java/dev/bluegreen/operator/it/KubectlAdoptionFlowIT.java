package dev.bluegreen.operator.it;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Both directions as a user types them, with the controller running: {@code kubectl bluegreen adopt
 * --apply} moves a running FlinkDeployment under a parent, {@code kubectl bluegreen release} moves
 * it out again; its job run never changes.
 */
class KubectlAdoptionFlowIT {
    KubectlStack stack;
    Harness h;
    KubectlPlugin kubectl;
    @TempDir Path dir;

    @BeforeEach
    void start() throws IOException {
        stack = new KubectlStack(dir);
        h = stack.h;
        kubectl = stack.kubectl;
    }

    @AfterEach
    void stop() {
        stack.close();
    }

    @Test
    void adoptThenReleaseKeepsTheSameJobRunning() {
        // Given a plain FlinkDeployment whose job runs
        var before = Adoptees.running(h, "checkout", Fixtures.job(2, "savepoint"));

        // When the user adopts it with the plugin
        var adopt = kubectl.run("adopt", "checkout", "--name", "orders", "--apply");

        // Then the controller adopts it: ACTIVE_BLUE on the same job run
        assertThat(adopt.exit()).as("%s", adopt).isZero();
        h.awaitState("orders", "ACTIVE_BLUE");
        assertThat(h.get("orders").getStatus().getActiveChild()).isEqualTo("checkout");
        assertThat(Adoptees.Run.of(h.child("checkout"))).isEqualTo(before);
        var status = kubectl.run("status", "orders");
        assertThat(status.field("Blue"))
                .as("%s", status)
                .startsWith("checkout (adopted, colour settings pending): lifecycle STABLE");

        // When the user releases it
        var release = kubectl.run("release", "orders");

        // Then the parent is gone and the deployment runs on, plain, the same job run
        assertThat(release.exit()).as("%s", release).isZero();
        await().atMost(Harness.WAIT).until(() -> h.get("orders") == null);
        Adoptees.assertPlain(h.child("checkout"));
        assertThat(Adoptees.Run.of(h.child("checkout"))).isEqualTo(before);
    }
}
