package dev.bluegreen.diff;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/** The spec facts the controller acts on, read from parent and deployment spec trees. */
class TemplateViewTest {

    @ParameterizedTest(name = "{0}: job {1}, suspended {2}, mode \"{3}\", stateless {4}")
    @CsvSource(
            delimiter = '|',
            value = {
                "{'template': {'spec': {'job': {'state': 'suspended', 'upgradeMode': 'stateless'}}}} | true  | true  | stateless  | true",
                "{'template': {'spec': {'job': {'state': 'SUSPENDED', 'upgradeMode': 'Stateless'}}}} | true  | true  | stateless  | true",
                "{'template': {'spec': {'job': {'state': 'running', 'upgradeMode': 'savepoint'}}}}   | true  | false | savepoint  | false",
                "{'template': {'spec': {'job': {'upgradeMode': 'last-state'}}}}                      | true  | false | last-state | false",
                "{'template': {'spec': {'job': {'state': 1, 'upgradeMode': true}}}}                  | true  | false | ''         | false",
                "{'template': {'spec': {'job': 'abc'}}}                                              | true  | false | ''         | false",
                "{'template': {'spec': {'job': null}}}                                               | false | false | ''         | false",
                "{'template': {'spec': {}}}                                                          | false | false | ''         | false",
                "{'template': 'abc'}                                                                 | false | false | ''         | false",
                "{}                                                                                  | false | false | ''         | false"
            })
    void readsTheJobFactsOfAParentSpec(
            String spec, boolean hasJob, boolean suspended, String mode, boolean stateless) {
        TemplateView view = TemplateView.of(Specs.json(spec));

        assertThat(view.hasJob()).isEqualTo(hasJob);
        assertThat(view.suspended()).isEqualTo(suspended);
        assertThat(view.upgradeMode()).isEqualTo(mode);
        assertThat(view.stateless()).isEqualTo(stateless);
    }

    @Test
    void readsADeploymentSpecDirectly() {
        TemplateView view =
                TemplateView.ofDeploymentSpec(Specs.json("{'job': {'state': 'suspended'}}"));

        assertThat(view.suspended()).isTrue();
        assertThat(view.job().path(TemplateView.STATE).asText()).isEqualTo("suspended");
        assertThat(view.deploymentSpec().has(TemplateView.JOB)).isTrue();
        var parent = Specs.base().node();
        assertThat(TemplateView.of(parent).deploymentSpec())
                .isSameAs(parent.get("template").get("spec"));
    }

    @Test
    void nullReadsAsNoSpec() {
        for (TemplateView view :
                new TemplateView[] {TemplateView.of(null), TemplateView.ofDeploymentSpec(null)}) {
            assertThat(view.deploymentSpec().isMissingNode()).isTrue();
            assertThat(view.hasJob()).isFalse();
            assertThat(view.suspended()).isFalse();
            assertThat(view.upgradeMode()).isEmpty();
        }
    }

    @Test
    void knownValuesAreTheCrdEnums() {
        assertThat(TemplateView.JOB_STATES).containsExactlyInAnyOrder("running", "suspended");
        assertThat(TemplateView.UPGRADE_MODES)
                .containsExactlyInAnyOrder("stateless", "savepoint", "last-state");
    }
}
