package dev.bluegreen.operator;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * Only one package of the plugin writes to the API server: {@code dev.bluegreen.operator.apply}.
 * The module has no classes yet (controller issue); the rules hold for every class added later.
 */
@AnalyzeClasses(
        packages = "dev.bluegreen.operator",
        importOptions = ImportOption.DoNotIncludeTests.class)
class PluginArchitectureTest {

    @ArchTest
    static final ArchRule onlyApplyUsesTheKubernetesClient =
            noClasses()
                    .that()
                    .resideOutsideOfPackage("dev.bluegreen.operator.apply..")
                    .should()
                    .dependOnClassesThat()
                    .resideInAnyPackage(
                            "io.fabric8.kubernetes.client.dsl..",
                            "io.fabric8.kubernetes.client.http..")
                    .allowEmptyShould(true);

    @ArchTest
    static final ArchRule packagesAreFreeOfCycles =
            slices().matching("dev.bluegreen.operator.(*)..")
                    .should()
                    .beFreeOfCycles()
                    .allowEmptyShould(true);
}
