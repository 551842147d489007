#pragma once
// The embedding view's PCA lives in the engine now (tokenscope/pca.hpp, computed on the
// worker thread); this header keeps the view's include working until it includes that one.
#include "tokenscope/pca.hpp"
