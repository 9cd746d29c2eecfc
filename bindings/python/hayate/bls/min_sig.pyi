from ._types import *
