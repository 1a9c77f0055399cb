// The typed errors the Python API raises (all ValueError subclasses), thrown
// from the binding layer and registered in module.cpp.
#pragma once

#include <stdexcept>
#include <string>

namespace copas::py_api {

struct InvalidCardError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};
struct IllegalMoveError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};
struct InvalidPositionError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

}  // namespace copas::py_api
