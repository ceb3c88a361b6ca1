package dev.bluegreen.operator;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * Only one package of the plugin writes to the API server: {@code dev.bluegreen.operator.apply}.
 */
class PluginArchitectureTest {
    static final JavaClasses CLASSES =
            new ClassFileImporter()
                    .withImportOption(new ImportOption.DoNotIncludeTests())
                    .importPackages("dev.bluegreen.operator");

    static final ArchRule ONLY_APPLY_USES_THE_CLIENT_DSL =
            noClasses()
                    .that()
                    .resideOutsideOfPackage("dev.bluegreen.operator.apply..")
                    .should()
                    .dependOnClassesThat()
                    .resideInAnyPackage(
                            "io.fabric8.kubernetes.client.dsl..",
                            "io.fabric8.kubernetes.client.http..")
                    .allowEmptyShould(true);

    static final ArchRule PACKAGES_ARE_FREE_OF_CYCLES =
            slices().matching("dev.bluegreen.operator.(*)..")
                    .should()
                    .beFreeOfCycles()
                    .allowEmptyShould(true);

    @Test
    void onlyTheApplyPackageUsesTheKubernetesClientDsl() {
        ONLY_APPLY_USES_THE_CLIENT_DSL.check(CLASSES);
    }

    @Test
    void packagesAreFreeOfCycles() {
        PACKAGES_ARE_FREE_OF_CYCLES.check(CLASSES);
    }
}
