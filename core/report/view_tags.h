#pragma once
// The run folder's tags (tags.json, run_views.h) on the images and people a view sees, so that a
// query can name them (tag, tagged, person_tag, person_tagged: docs/views.md).

#include <vector>

#include "report/run_views.h"
#include "report/view_query.h"

namespace posescope {

/// Gives `images` and their people the tag names of `tags`, each name once, in the file's order:
/// an image every tag on it or on one of its people, a person the tags on its ground-truth person
/// (annotation id) or on its prediction (detection). Tags of other images are left out. Never
/// fails.
void attachTags(std::vector<ViewImage>& images, const std::vector<RunTag>& tags);

/// Whether `query` names a tag property (the run's tags.json is then needed).
bool queryNamesTags(const ViewQuery& query);

}  // namespace posescope
