package dev.bluegreen.operator.resource;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.util.Objects;

/**
 * What the analysis checks measured ({@code status.analysis}), per stage, for the current or last
 * transition.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public class AnalysisStatus {
    private AnalysisRunStatus prePromotion;
    private AnalysisRunStatus postPromotion;

    /** The pre-promotion run, or {@code null}. */
    public AnalysisRunStatus getPrePromotion() {
        return prePromotion;
    }

    public void setPrePromotion(AnalysisRunStatus prePromotion) {
        this.prePromotion = prePromotion;
    }

    /** The post-promotion run, or {@code null}. */
    public AnalysisRunStatus getPostPromotion() {
        return postPromotion;
    }

    public void setPostPromotion(AnalysisRunStatus postPromotion) {
        this.postPromotion = postPromotion;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof AnalysisStatus that)) {
            return false;
        }
        return Objects.equals(prePromotion, that.prePromotion)
                && Objects.equals(postPromotion, that.postPromotion);
    }

    @Override
    public int hashCode() {
        return Objects.hash(prePromotion, postPromotion);
    }
}
