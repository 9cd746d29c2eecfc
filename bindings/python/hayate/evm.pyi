from typing import Union

def run(name: str, input: Union[bytes, bytearray, memoryview]) -> bytes:
    """Runs the Ethereum precompile `name` (EIP-196/197, EIP-2537) on `input`."""
